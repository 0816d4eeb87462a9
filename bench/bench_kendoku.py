"""Kendoku bench: 9x9 puzzles (unique), each searched to its verdict.

Measure with::

    python -m pytest bench/bench_kendoku.py --benchmark-enable -p no:xdist -q -s

The puzzles were made by an earlier generator (``generate --size 9 --seed S
--max-cage 5`` for S = 1..8: a random Latin square cut into cages of up
to five cells, cut again until the solution is unique).  ``bench_nine`` prints
the median and maximum seconds per puzzle.  With ``--benchmark-disable`` (as in
CI) it runs once on two puzzles and checks them.
"""

from __future__ import annotations

import math
import statistics
import time

from backtrack import Verdict
from backtrack_puzzles import kendoku

NINE = [
    """\
AABBCDDEE
FABCCGGHE
FAAICGJJE
KLLICMJJN
OOPQQRJSN
TTPPRRRUN
TVPWRXXUY
VVZWaabUY
VVZWWabUc
A 18+
B 13+
C 31+
D 1-
E 448*
F 4-
G 144*
H 1
I 8-
J 29+
K 2
L 7/
M 5
N 14+
O 3-
P 15+
Q 1-
R 140*
S 4
T 12*
U 29+
V 13824*
W 20+
X 1-
Y 1-
Z 16+
a 8+
b 3-
c 9""",
    """\
ABCCDEFGH
IBCCDEFFJ
IKKDDDFLJ
IMMNOPFLJ
QMRRPPSST
UVWWWXYSZ
UaWbbXcZZ
aaWdeeccZ
fggdeeecZ
A 2
B 2-
C 26+
D 20+
E 63*
F 28+
G 1
H 7
I 9+
J 15+
K 1-
L 1-
M 432*
N 1
O 9
P 4*
Q 4
R 2-
S 336*
T 6
U 56*
V 5
W 1008*
X 1-
Y 1
Z 19+
a 18+
b 1-
c 23+
d 3-
e 24+
f 6
g 2*""",
    """\
AAABBCDDE
FFAAGCDHH
IJJKKCDHH
LLJMMNOPH
LLQQRNPPS
TTUQNNVWW
TXUQNYYWZ
TaabcYdeZ
aaabbfggg
A 13+
B 63*
C 48*
D 540*
E 4
F 17+
G 4
H 25+
I 7
J 17+
K 4/
L 16+
M 7-
N 18+
O 7
P 8*
Q 26+
R 5
S 9
T 24+
U 36*
V 8
W 11+
X 3
Y 17+
Z 7+
a 19+
b 13+
c 3
d 9
e 8
f 9
g 16+""",
    """\
ABBCCDEEF
ABGHCIJJJ
KLGHMNNJO
KKGHMNPJQ
KRRRSSTUQ
VVRWWXYYQ
VZZZZXXaa
bccdeXfag
bbdddhfff
A 36*
B 210*
C 10+
D 8
E 1-
F 1
G 189*
H 96*
I 2
J 540*
K 19+
L 1
M 4-
N 21+
O 8
P 8
Q 18+
R 13+
S 15+
T 5
U 4
V 17+
W 1-
X 16+
Y 8-
Z 18+
a 224*
b 42*
c 6+
d 26+
e 8
f 324*
g 5
h 1""",
    """\
AAAABCDDD
EEFFCCCDD
EGFFHIIIJ
KKLMNOOPQ
RRMMMOOPQ
RSSMTUQQQ
VSWXTUYYY
ZaWWbcYdd
effbbggdh
A 540*
B 7
C 25+
D 16+
E 144*
F 336*
G 4
H 5
I 15+
J 3
K 8+
L 5
M 2916*
N 8
O 54*
P 3-
Q 8064*
R 200*
S 9+
T 4*
U 21*
V 4
W 18+
X 8
Y 540*
Z 3
a 1
b 54*
c 4
d 20*
e 7
f 7+
g 3-
h 9""",
    """\
AABBCCDDD
EAFBGHHHH
EIIBGJKLL
MNIOJJKKP
MQRRJJSSP
MQTRUUVSP
WWTTTVVVP
WXXYYVZaP
WWXYYZZZb
A 96*
B 26+
C 4-
D 126*
E 10+
F 2
G 1-
H 192*
I 72*
J 336*
K 18+
L 3-
M 60*
N 7
O 6
P 19+
Q 11+
R 17+
S 32*
T 420*
U 1-
V 24+
W 576*
X 8+
Y 1440*
Z 27+
a 2
b 7""",
    """\
AABBBCCCD
AEBFGGHIJ
KLLLGGMIJ
KKKNOMMII
PQROOMSTT
PQQOOUSST
PVVVWUXYY
ZVVaUUXbY
ZZcadUebY
A 11+
B 20+
C 12+
D 9
E 9
F 3
G 22+
H 7
I 17+
J 2-
K 2016*
L 360*
M 12+
N 6
O 11+
P 162*
Q 11+
R 7
S 21+
T 14+
U 27+
V 20+
W 7
X 12*
Y 3024*
Z 35*
a 3-
b 2/
c 4
d 9
e 6""",
    """\
AABCDDEFF
GABCCEEEF
GGGCCHIJF
KGLMIIIIN
OLLMMPNNN
OQQMMPRRS
OTQURRRVS
OTTWXXYVV
ZZZWWYYVa
A 15+
B 2-
C 23+
D 42*
E 210*
F 11+
G 34+
H 7
I 26+
J 6
K 3
L 112*
M 648*
N 19+
O 13+
P 24*
Q 14+
R 32+
S 1-
T 9+
U 7
V 26+
W 14+
X 10+
Y 7+
Z 20+
a 4""",
]


def check(spec, grid) -> None:
    n = spec.n
    want = set(range(1, n + 1))
    assert all(set(row) == want for row in grid) and all({row[c] for row in grid} == want for c in range(n))
    for cage in spec.cages:
        digits = [grid[r][c] for r, c in cage.cells]
        value = {"+": sum(digits), "*": math.prod(digits), "-": max(digits) - min(digits),
                 "/": max(digits) / min(digits), "": digits[0]}
        assert value[cage.operation] == cage.target


def solve_all(texts):
    seconds = []
    for text in texts:
        started = time.perf_counter()
        spec = kendoku.parse(text)
        found = list(kendoku.search(spec).solutions(limit=2))
        seconds.append(time.perf_counter() - started)
        assert len(found) == 1
        check(spec, found[0])
    return seconds


def bench_nine(benchmark, capsys):
    """Each 9x9 puzzle parsed, solved and proved unique (search on to a second solution)."""
    texts = NINE[:2] if benchmark.disabled else NINE
    seconds = benchmark.pedantic(solve_all, args=(texts,), rounds=1, iterations=1)
    with capsys.disabled():
        print(f"\nKendoku 9x9: {len(seconds)} puzzles, seconds per puzzle (verdict): "
              f"median {statistics.median(seconds):.4f}, max {max(seconds):.4f}")


def bench_first_solution(benchmark):
    """One of them to its first solution, repeatedly."""
    spec = kendoku.parse(NINE[0])
    grid = benchmark.pedantic(lambda: kendoku.search(spec).first(), rounds=1 if benchmark.disabled else 5, iterations=1)
    check(spec, grid)
    assert kendoku.search(spec).verdict() is Verdict.UNIQUE
