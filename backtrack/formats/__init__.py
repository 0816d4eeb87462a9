"""The formats puzzle people share puzzles in: Tatham game IDs, puzz.link URLs, pzprv3 files.

What the puzzle plugins' :class:`~backtrack.Format` glue shares, puzzle-agnostic
(the engine never imports a plugin; the plugins build on this package).  Import
everything from here (``from backtrack.formats import decode_url``); the modules
are one per family:

* :mod:`~backtrack.formats.tatham`: **Simon Tatham's game IDs** (``PARAMS:DESC``):
  :func:`decode_tatham_id` splits one (and refuses a random-seed ID
  ``PARAMS#SEED``: only Tatham's own generator can expand a seed),
  :func:`decode_tatham_size` reads the leading ``W`` or ``WxH``,
  :func:`tatham_tokens` cuts a description into tokens (run letters ``a``-``z``,
  numbers, ``_`` separators, Keen's repeat counts) that know their column, and the
  codings the games share, each a decoder and an encoder writing Tatham's canonical
  form: :func:`decode_tatham_cells` / :func:`encode_tatham_cells` (givens between
  runs of blank cells: Light Up, Towers, Solo), :func:`decode_tatham_gaps` /
  :func:`encode_tatham_gaps` (marks after gaps: Tents' trees, Keen's cage walls;
  :func:`decode_tatham_marked_gaps` for Tents' ``!`` and ``-``)
  and :func:`decode_tatham_numbers` / :func:`encode_tatham_numbers` (clue lists).
* :mod:`~backtrack.formats.puzzlink`: **puzz.link URLs**
  (``https://puzz.link/p?VARIETY/COLS/ROWS/BODY``, the older
  ``http://pzv.jp/p.html?...``, the editor's ``p?type=editor&VARIETY/...``, a bare
  ``?VARIETY/...`` and the bare ``VARIETY/COLS/ROWS/BODY``; a body may stop before
  the last cell, the rest being empty, as pzprjs reads it: the decoders' ``partial``):
  :func:`decode_url` (a :class:`PuzzLink`, whose :attr:`PuzzLink.size_at` says where
  its size stands), :func:`encode_url`, the variety names (:data:`PUZZLINK_VARIETIES`),
  and pzprjs's body codings as functions over plain lists: :func:`decode_4cell` /
  :func:`encode_4cell`, :func:`decode_number16` / :func:`encode_number16` (and
  :func:`number16_places`: where each value stands), :func:`decode_1cell` /
  :func:`encode_1cell`, :func:`decode_borders` / :func:`encode_borders`,
  :func:`decode_block_cells` / :func:`encode_block_cells`.
* :mod:`~backtrack.formats.pzprv3`: **pzprv3 files** (the puzz.link editor's files,
  with or without an answer): :func:`decode_pzprv3_file` (a :class:`Pzprv3File`, read on
  line by line with a :class:`Pzprv3Reader`) and :func:`encode_pzprv3_file`.
* :mod:`~backtrack.formats.grids`: the grid layouts URLs and files share:
  :func:`split_excells` / :func:`join_excells` for clues outside the grid in a URL,
  :func:`unframe` / :func:`frame` for them in a file, and :func:`regions_from_borders`
  / :func:`borders_from_regions` for areas.
* :func:`kind_of` says which of the three formats a command-line argument or a
  file holds; :func:`check_end` refuses what is left over.

One verb pair.  ``decode_*`` reads a format (or a part of one) and raises
:class:`~backtrack.InputError`; ``encode_*`` writes it and raises ``ValueError``
for values the format cannot hold.

Positions.  The decoders take the whole string and the index where their part
starts (``start``) and return the index after it, so that several codings can
follow one another in a URL body, and so that every :class:`~backtrack.InputError`
names the line and the column (counted from 1) in the whole string.  They raise
nothing else, whatever the input.

Values.  A cell of a pzprjs coding is ``None`` (empty), a number (``int``, 0 or
more) or :data:`QUESTION` (pzprjs's ``-2``: a clue without its number, ``.`` in
URLs, ``-`` in pzprv3 files; in Light Up an unnumbered black cell).
"""

from __future__ import annotations

from ._common import MAX_SIZE, PUZZLINK_VARIETIES, QUESTION, canonical_variety, check_end, kind_of
from .grids import Sides, borders_from_regions, frame, join_excells, regions_from_borders, split_excells, unframe
from .puzzlink import (
    URL_NAMES,
    PuzzLink,
    decode_1cell,
    decode_4cell,
    decode_block_cells,
    decode_borders,
    decode_number16,
    decode_url,
    encode_1cell,
    encode_4cell,
    encode_block_cells,
    encode_borders,
    encode_number16,
    encode_url,
    number16_places,
)
from .pzprv3 import Pzprv3File, Pzprv3Item, Pzprv3Line, Pzprv3Reader, decode_pzprv3_file, encode_pzprv3_file
from .tatham import (
    TathamId,
    TathamToken,
    decode_tatham_cells,
    decode_tatham_gaps,
    decode_tatham_id,
    decode_tatham_marked_gaps,
    decode_tatham_numbers,
    decode_tatham_size,
    encode_tatham_cells,
    encode_tatham_gaps,
    encode_tatham_numbers,
    split_fields,
    tatham_run,
    tatham_tokens,
)

__all__ = [
    "QUESTION",
    "MAX_SIZE",
    "PUZZLINK_VARIETIES",
    "URL_NAMES",
    "kind_of",
    "check_end",
    # Tatham
    "TathamId",
    "TathamToken",
    "decode_tatham_id",
    "decode_tatham_size",
    "split_fields",
    "tatham_tokens",
    "tatham_run",
    "decode_tatham_cells",
    "encode_tatham_cells",
    "decode_tatham_gaps",
    "decode_tatham_marked_gaps",
    "encode_tatham_gaps",
    "decode_tatham_numbers",
    "encode_tatham_numbers",
    # puzz.link
    "PuzzLink",
    "canonical_variety",
    "decode_url",
    "encode_url",
    "decode_4cell",
    "encode_4cell",
    "decode_number16",
    "encode_number16",
    "number16_places",
    "decode_1cell",
    "encode_1cell",
    "decode_borders",
    "encode_borders",
    "decode_block_cells",
    "encode_block_cells",
    # pzprv3
    "Pzprv3Line",
    "Pzprv3Item",
    "Pzprv3File",
    "Pzprv3Reader",
    "decode_pzprv3_file",
    "encode_pzprv3_file",
    # grids
    "Sides",
    "split_excells",
    "join_excells",
    "unframe",
    "frame",
    "regions_from_borders",
    "borders_from_regions",
    # names kept for plugins written before
    "MAX_SIDE",
    "split_tatham",
    "read_tatham_size",
    "read_tatham_numbers",
    "write_tatham_numbers",
    "parse_url",
    "write_url",
    "read_pzprv3",
    "write_pzprv3",
]

# Names kept for plugins written before: each is the same object as its new name.
MAX_SIDE = MAX_SIZE
split_tatham = decode_tatham_id
read_tatham_size = decode_tatham_size
read_tatham_numbers = decode_tatham_numbers
write_tatham_numbers = encode_tatham_numbers
parse_url = decode_url
write_url = encode_url
read_pzprv3 = decode_pzprv3_file
write_pzprv3 = encode_pzprv3_file
