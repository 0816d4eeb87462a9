"""The Ricochet Robots search as it was before the speed-up against Fogleman's C solver, for the bench only.

This is ``backtrack_puzzles.ricochet.RicochetSearch`` as the plugin shipped it
until then, unchanged but for its name: iterative deepening with the goal
robot's relaxed distance as the bound, bit-mask slides and a transposition table
that moves() consults only for states searched with more moves to go (valid()
prunes the rest).  ``bench/bench_ricochet.py`` measures it beside the plugin's
search in the same run; ``python bench/ricochet_baseline.py`` prints both searches'
seconds over the shipped classic boards, interleaved.
"""

from __future__ import annotations

import math

from backtrack.shortest import ShortestSearch
from backtrack_puzzles.ricochet import DIRECTIONS, INFINITE, Ricochet, _goal_index, _relaxed_distances, Moves


class BaselineRicochetSearch(ShortestSearch):
    """The shortest move sequences bringing the goal robot to the target.

    A move is its notation (``"BW"``).  ``moves`` slides every robot each way (bit
    masks of the robots and of each cell's ray in each direction give the first
    robot in the way) and offers the moves that move a robot, pass the bound and
    are not pruned by the transposition table for good, keeping each one's slide
    in :attr:`options` for its level; ``valid`` consults the table again (siblings
    searched meanwhile may have added the state); ``record`` makes the move's slide
    of its level and ``undo`` takes it back.  A prefix is replayed without
    ``moves``: there ``valid`` works out the move's slide and files it as the
    level's only option.  ``exhausted`` tells an unsolvable board (the table
    stopped growing) from one that needs more moves.

    The table maps a state (the goal robot's cell and the *set* of the other
    robots' cells: they are interchangeable for reaching the target) to the most
    moves it was searched with (in this iteration or an earlier one) and whether a
    solution lay below it.  A state reached with fewer moves to go is pruned:
    either an earlier iteration found nothing from it with more moves, or this
    iteration reached it less deep, and a shortest sequence cannot pass it deeper
    (the shallower visit would give a shorter one).  Reached with as many moves to
    go, it is pruned only if nothing was found below it.  So the table never loses
    a shortest sequence, and counting stays exact.
    """

    def __init__(self, spec: Ricochet, goal: str | None = None, max_moves: int | None = None):
        board = spec.board
        n, cells = board.cols, board.rows * board.cols
        self.robots = len(board.robots)
        self.goal = spec.goal if goal is None else _goal_index(goal, self.robots)
        self.target = board.target
        self.shift = cells.bit_length()
        self.max_depth = max_moves
        self.pos = list(board.robots)
        neighbours = [[board.neighbour(cell, d) for d in DIRECTIONS] for cell in range(cells)]
        # Per direction: each cell's ray (the cells a slide passes, as a bit mask)
        # and where the walls alone stop the slide.
        rays: list[list[int]] = []
        stops: list[list[int]] = []
        for d in range(4):
            masks, ends = [], []
            for cell in range(cells):
                mask, at, end = 0, neighbours[cell][d], cell
                while at is not None:
                    mask |= 1 << at
                    end = at
                    at = neighbours[at][d]
                masks.append(mask)
                ends.append(end)
            rays.append(masks)
            stops.append(ends)
        steps = (-n, 1, n, -1)
        self.dist = _relaxed_distances(neighbours, self.target, cells)
        self.widest = max((d for d in self.dist if d != INFINITE), default=0)
        letters = [chr(65 + robot) for robot in range(self.robots)]
        order = [self.goal] + [robot for robot in range(self.robots) if robot != self.goal]
        # Everything a replayed move needs, in one tuple: robot, rays, wall stops,
        # step, and whether the nearest robot in the way has the lowest cell number.
        self.decode = {
            letters[r] + DIRECTIONS[d]: (r, rays[d], stops[d], steps[d], d in (1, 2))
            for r in range(self.robots)
            for d in range(4)
        }
        # Per robot, goal robot first: its moves with what a slide needs.
        self.order = [
            (r, [(letters[r] + DIRECTIONS[d], rays[d], stops[d], steps[d], d in (1, 2)) for d in range(4)])
            for r in order
        ]
        self.goal_order = self.order[:1]
        #: Per level, the moves offered there with their slides: robot, stop and the state after.
        self.options: dict[int, dict[str, tuple[int, int, int]]] = {}
        self.others = 0
        for robot, cell in enumerate(self.pos):
            if robot != self.goal:
                self.others |= 1 << cell
        self.occupied = self.others | 1 << self.pos[self.goal]
        self.table: dict[int, int] = {}
        self.sizes: list[int] = []
        self.previous_limit = 0
        self.trail: list[tuple[int, int, int, int]] = []
        self.found = 0

    def _key(self) -> int:
        return self.others << self.shift | self.pos[self.goal]

    def start_limit(self, limit: int) -> None:
        if limit <= self.previous_limit:  # a new search of this object
            self.sizes.clear()
            self.table.clear()
        self.previous_limit = limit
        self.table[self._key()] = 2 * (limit - len(self.trail)) + 1

    def exhausted(self, cut: bool) -> bool:
        # The table holds the states reached; over the iterations it never shrinks.
        # When its size stays the same for longer than the largest bound, no
        # reachable state is left unseen (a state d moves away is seen by the limit
        # d + bound), and none was a solution.
        self.sizes.append(len(self.table))
        span = self.widest + 2
        return len(self.sizes) >= span and self.sizes[-1] == self.sizes[-span]

    def lower_bound(self, level: int) -> float:
        bound = self.dist[self.pos[self.goal]]
        return math.inf if bound == INFINITE else bound

    def done_at_start(self) -> bool:
        return self.pos[self.goal] == self.target

    def begin(self) -> None:
        self.options.clear()  # a replayed prefix finds no options at its levels (see valid)

    def moves(self, level: int) -> dict[str, tuple[int, int, int]]:
        """The moves that move a robot (the goal robot's first), each with its robot, stop and new state.

        The goal robot's moves that end too far from the target for the moves left
        are left out.  When the bound is tight, so are the other robots' moves: they
        leave the goal robot as far from the target with one move less to go.
        """
        pos, goal, occupied, others = self.pos, self.goal, self.occupied, self.others
        shift, dist = self.shift, self.dist
        goal_cell = pos[goal]
        after = level + 1
        limit = self.depth_limit
        # A state searched with more moves to go stays pruned whatever the siblings
        # find (see valid), so the table is consulted here already.
        seen_with = self.table.get
        pruned = 2 * (limit - after) + 1
        options: dict[str, tuple[int, int, int]] = {}
        for robot, directions in self.order if dist[goal_cell] + level < limit else self.goal_order:
            start = pos[robot]
            for name, rays, stops, step, lowest in directions:
                blocking = occupied & rays[start]
                if blocking:  # stop before the nearest robot in the way
                    stop = (
                        (blocking & -blocking) if lowest else 1 << (blocking.bit_length() - 1)
                    ).bit_length() - 1 - step
                else:
                    stop = stops[start]
                if stop == start:
                    continue
                if robot == goal:
                    if after + dist[stop] > limit:
                        continue
                    key = others << shift | stop
                else:
                    key = (others ^ (1 << start | 1 << stop)) << shift | goal_cell
                seen = seen_with(key)
                if seen is None or seen <= pruned:
                    options[name] = (robot, stop, key)
        self.options[level] = options
        return options

    def valid(self, level: int, move: str) -> bool:
        try:
            key = self.options[level][move][2]
        except KeyError:  # a move of a replayed prefix: moves was not asked at its level
            return self._replayed(level, move)
        # Entries are 2 * moves to go + (0 if a solution lay below, else 1): prune a
        # state searched with more moves to go, or as many with nothing below it.
        seen = self.table.get(key)
        return seen is None or 2 * (self.depth_limit - level - 1) >= seen

    def _replayed(self, level: int, move: str) -> bool:
        """Whether a move of a prefix moves its robot (no pruning there); its slide is the level's one option.

        A replay does not ask for the moves of its levels, so the slide is worked
        out here, from the move alone, for :meth:`record` to make.
        """
        decoded = self.decode.get(move)
        if decoded is None:
            return False
        robot, rays, stops, step, lowest = decoded
        start = self.pos[robot]
        blocking = self.occupied & rays[start]
        if blocking:
            stop = ((blocking & -blocking) if lowest else 1 << (blocking.bit_length() - 1)).bit_length() - 1 - step
        else:
            stop = stops[start]
        if stop == start:
            return False
        if robot == self.goal:
            key = self.others << self.shift | stop
        else:
            key = (self.others ^ (1 << start | 1 << stop)) << self.shift | self.pos[self.goal]
        self.options[level] = {move: (robot, stop, key)}
        return True

    def record(self, level: int, move: str) -> None:
        robot, stop, key = self.options[level][move]
        start = self.pos[robot]
        self.pos[robot] = stop
        moved = 1 << start | 1 << stop
        self.occupied ^= moved
        if robot != self.goal:
            self.others ^= moved
        self.table[key] = 2 * (self.depth_limit - level) - 1
        self.trail.append((robot, start, key, self.found))

    def undo(self, level: int, move: str) -> None:
        robot, start, key, found = self.trail.pop()
        moved = 1 << start | 1 << self.pos[robot]
        self.pos[robot] = start
        self.occupied ^= moved
        if robot != self.goal:
            self.others ^= moved
        if found != self.found:
            self.table[key] = 2 * (self.depth_limit - level - 1)

    def done(self, level: int) -> bool:
        if self.pos[self.goal] == self.target:
            self.found += 1
            return True
        return False

    def solution(self, path: tuple) -> Moves:
        return Moves(path, self.goal)

    def partial(self, path: tuple) -> Moves:
        """The moves made so far (the robots stand where they put them), with the goal robot."""
        return Moves(path, self.goal)
