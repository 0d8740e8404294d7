"""The action step of a Delta V bot seat: rockets, prospecting, scans, incidents and aliens."""

from __future__ import annotations

from collections.abc import Sequence

from domain.game import Command

from . import commands as c
from .bot_plans import Planning
from .components import OMNIDIUM, Position

# Keep buying rockets while fewer than this many are in play: more rockets, faster prospecting.
ROCKETS_WANTED = 5
# A Satellite Survey costs 2 points; it is worth it only while this many bribes are unspent.
SURVEY_MIN_BRIBES = 4
# Steal what hurts most and helps us most: free peeks and rockets before blocking cards.
STEAL_ORDER = ("MINERAL_SCAN", "SABOTAGE", "ROCKET_ACQUISITION", "PIRATE_ATTACK", "METEOR_STORM")


class RocketPlay(Planning):
    """Explore with rockets, guard what is worth it, play incidents, and end the game."""

    def incident(self) -> Command | None:
        """Free own-turn incidents: a rocket, peeks, and a rival rocket knocked off its tile."""
        if acquisition := self.first(c.UseRocketAcquisition):
            return acquisition
        if self.seen.phase == "ACTION" and self.unknown and (scan := self.first(c.UseMineralScan)):
            return scan
        sabotage = [
            x
            for x in self.commands
            if isinstance(x, c.UseSabotage) and self.rocket_cell(x.target_rocket_id) is not None
        ]
        if sabotage:
            # Knock a rival off the best tile we know, and take its place with a station rocket.
            def worth(x: c.UseSabotage) -> tuple[int, bool]:
                at = self.rocket_cell(x.target_rocket_id)
                assert at is not None
                face = self.known.get(at)
                follow = x.follow_up_rocket_id is not None and x.follow_up_rocket_id in (
                    self.me.station_rockets
                )
                return (face.value if face and face.mineral else 0, follow)

            return self.best(sabotage, worth)
        return None

    def clash(self, station: list[str]) -> Command | None:
        """Ram rival rockets off known tiles that would let us claim a better contract now: each
        arriving rocket sends itself and one rival rocket back to the shipyards (§4.6.1)."""
        rammable = {
            p: f
            for p, f in self.known.items()
            if not self.cells[p].alien and 0 < len(self.theirs(p)) <= len(station)
        }
        if not rammable:
            return None
        now = self.best_plan()
        plan = self.best_plan({**self.usable_tiles(), **rammable})
        if plan is None or (now is not None and plan.value <= now.value):
            return None
        targets = [p for p in (*plan.natural, *(q for q, _ in plan.bribed)) if p in rammable]
        arrivals = [p for p in targets for _ in self.theirs(p)]
        if not arrivals or len(arrivals) > len(station):
            return None
        return c.MoveRockets(
            tuple(c.RocketMove(r, p) for r, p in zip(station, arrivals, strict=False))
        )

    def worth_guarding(self, p: Position) -> bool:
        face = self.known.get(p)
        if face is None or face.mineral is None:
            return False
        return face.mineral == OMNIDIUM or (self.open_needs[face.mineral] > 0 and face.value >= 2)

    def action(self) -> Command | None:
        station = [r for r in self.me.station_rockets if self.rocket_cell(r) is None]
        free = [
            p for p, cell in self.cells.items() if not cell.rockets and not cell.alien
        ]  # tiles a rocket can land on without a collision
        if self.ending and station and len(free) <= len(station):
            # Fill the field: the game ends with this turn (§6), and we are ahead or nothing
            # is left to play for.
            moves = tuple(c.RocketMove(r, p) for r, p in zip(station, free, strict=False))
            if moves:
                return c.MoveRockets(moves)
        if not self.stalled and (clash := self.clash(station)):
            return clash
        if self.stalled:
            # Nothing left to win: cover the field with every rocket we have, so it ends.
            moves = tuple(c.RocketMove(r, p) for r, p in zip(station, free, strict=False))
            if moves:
                return c.MoveRockets(moves)
            if self.me.shipyard:
                return self.first(c.BuyRocket)
            if prospect := self.first(c.Prospect):
                return prospect  # keeps every rocket where it covers a tile
        on_tiles = [
            (r, p) for p, cell in self.cells.items() for r in self.mine(p) if not cell.alien
        ]
        if any(p in self.unknown for _, p in on_tiles):
            return self.first(c.Prospect)
        in_play = len(station) + len(on_tiles)
        if self.me.shipyard and in_play < ROCKETS_WANTED:
            return self.first(c.BuyRocket)
        targets = [p for p in free if p in self.unknown and self.cells[p].status == "FACE_DOWN"]
        self.rng.shuffle(targets)
        if not self.ending and len(targets) == len(free):
            targets = targets[:-1]  # never be the one who fills the field while behind
        recall = [r for r, p in on_tiles if not self.worth_guarding(p)]
        planned = [
            *(c.RocketMove(r, "STATION") for r in recall),
            *(c.RocketMove(r, p) for r, p in zip(station, targets, strict=False)),
        ]
        if planned:
            return c.MoveRockets(tuple(planned))
        if self.me.shipyard:
            return self.first(c.BuyRocket)
        if survey := self.survey():
            return survey
        guard = [p for p in free if self.worth_guarding(p)]
        if not self.ending:
            guard = guard[: len(free) - 1]
        if station and guard:
            return c.MoveRockets((c.RocketMove(station[0], guard[0]),))
        if on_tiles:
            # Everything is guarded: free the rocket on the least valuable tile for next turn.
            least = self.least(
                on_tiles, lambda rp: self.known[rp[1]].value if rp[1] in self.known else 0
            )
            assert least is not None
            r, _ = least
            return c.MoveRockets((c.RocketMove(r, "STATION"),))
        return self.first(c.Prospect)

    def survey(self) -> Command | None:
        if len(self.me.unspent_bribes) < SURVEY_MIN_BRIBES:
            return None
        lines: list[list[Position]] = []
        for i in range(7):
            lines.append([(i, j) for j in range(7)])
            lines.append([(j, i) for j in range(7)])
        best: list[Position] = []
        for line in lines:
            eligible = [p for p in line if p in self.cells and self.revealable(p)]
            fresh = [p for p in eligible if p not in self.known]
            if len(eligible) >= 3 and len(fresh) >= 3 and len(fresh) > len(best):
                best = fresh
        if len(best) < 3:
            return None
        # Pay with the bribe whose mineral open contracts need least.
        bribe = self.least(self.me.unspent_bribes, lambda b: self.open_needs[b.mineral])
        assert bribe is not None
        return c.SatelliteSurvey(bribe.bribe_id, tuple(self.rng.sample(best, 3)))

    def prospect_reveal(self) -> Command | None:
        options = [
            (x, x.position)
            for x in self.commands
            if isinstance(x, c.ChooseProspectReveal) and x.position is not None
        ]
        return self.take_incident(options) or c.ChooseProspectReveal(None)

    def take_incident(self, options: Sequence[tuple[Command, Position]]) -> Command | None:
        """A non-alien incident is a free card; an Alien Encounter only as the winning fifth."""
        for x, position in options:
            face = self.known.get(position)
            if face is not None and face.incident is not None and self.worth_turning(face):
                return x
        return None

    def scan(self) -> Command | None:
        peeks = [x for x in self.commands if isinstance(x, c.ScanPeek)]
        fresh = [x for x in peeks if x.position in self.unknown and self.revealable(x.position)]
        if fresh:
            return self.rng.choice(fresh)
        finish = [
            (x, x.reveal_position)
            for x in self.commands
            if isinstance(x, c.FinishMineralScan) and x.reveal_position is not None
        ]
        return self.take_incident(finish) or c.FinishMineralScan(None)

    def alien(self) -> Command | None:
        rivals = [s for s in range(len(self.seen.players)) if s != self.seat]
        self.rng.shuffle(rivals)  # no rival is robbed first for sitting lower
        # Lock the rival rockets on the most crowded tile (they cannot move, nor reveal it).
        crowded = self.best(self.cells, lambda p: len(self.theirs(p)))
        assert crowded is not None
        alien_to = crowded if self.theirs(crowded) and not self.mine(crowded) else None
        if alien_to is None or self.stalled:
            # Else park it on a face-up Alien Encounter, where it hides no tile from anyone: a
            # face-down tile under it is out of play, and may be the last alien or mineral.
            parked = [p for p, cell in self.cells.items() if cell.status == "ALIEN_TILE"]
            alien_to = self.rng.choice(parked) if parked else None
        steal: c.Steal | None = None
        for kind in STEAL_ORDER:
            for s in rivals:
                held = next((i for i in self.seen.players[s].incidents if i.kind == kind), None)
                if held is not None and steal is None:
                    steal = c.Steal(s, bribe_id=None, incident_id=held.incident_id)
        if steal is None:
            leader = self.best(rivals, lambda s: self.seen.players[s].score)
            assert leader is not None
            bribes = self.seen.players[leader].unspent_bribes
            bribe = self.best(bribes, lambda b: self.open_needs[b.mineral])
            if bribe is not None:
                steal = c.Steal(leader, bribe_id=bribe.bribe_id, incident_id=None)
        return c.ResolveAlienEncounter(alien_to, steal)
