"""The contract step of a Delta V bot seat: declaring, revealing, bribing and bidding up."""

from __future__ import annotations

from domain.game import Command

from . import commands as c
from .bot_plans import SCARCE, Planning, plan_for
from .components import OMNIDIUM, SPENT_BRIBE_PENALTY

# A blind reveal is worth risking (when the attempt is compulsory anyway) from this chance on.
BLIND_CHANCE = 0.3


class ContractPlay(Planning):
    """Declare what the known tiles complete; else fail on purpose, or reveal blind if it must."""

    def declare(self) -> Command | None:
        declares = {x.contract_id: x for x in self.commands if isinstance(x, c.DeclareContract)}
        plan = self.best_plan()
        if plan is not None and plan.contract_id in declares:
            return declares[plan.contract_id]
        if skip := self.first(c.SkipContractStep):
            return skip
        if not declares:
            return None
        if self.hunting:
            return self.rng.choice(list(declares.values()))  # any attempt: it hunts the aliens
        # Compulsory attempt: a blind try worth its risk, else a known failure, else blind anyway.
        blind = self.blind_choice(list(declares))
        if blind is not None and blind[1] >= BLIND_CHANCE:
            return declares[blind[0]]
        for cid in declares:
            if self.safe_failure(self.contract_needs(cid)) is not None:
                return declares[cid]
        for cid in declares:
            if self.doubled(self.contract_needs(cid)):
                return declares[cid]
        return declares[blind[0]] if blind is not None else self.rng.choice(list(declares.values()))

    def reveal(self) -> Command | None:
        reveals = {x.position for x in self.commands if isinstance(x, c.RevealTile)}
        attempt = self.seen.attempt
        assert attempt is not None
        tiles = {p: f for p, f in self.usable_tiles().items() if p in reveals}
        plan = self.attempt_plan(tiles, self.my_bribes)
        if plan is not None:
            return c.RevealTile(plan.next_tile)
        needs = self.attempt_needs()[0]
        unknown = [p for p in self.unknown if p in reveals]
        if self.hunting:
            aliens = [p for p, f in tiles.items() if f.incident == "ALIEN_ENCOUNTER"]
            if aliens or unknown:
                return c.RevealTile(self.rng.choice(aliens or unknown))
        for i, blind in enumerate(needs):
            rest = needs[:i] + needs[i + 1 :]
            if self.chance(blind) < BLIND_CHANCE or not unknown:
                continue
            near = plan_for(attempt.contract_id, rest, tiles, self.my_bribes) if rest else None
            if near is not None:
                return c.RevealTile(near.next_tile)
            if not rest:
                return c.RevealTile(self.rng.choice(unknown))
        if (safe := self.safe_failure(self.unfilled())) is not None:
            return c.RevealTile(safe)
        if doubled := self.doubled(self.unfilled()):
            return c.RevealTile(doubled[0])  # its twin will then fail the attempt harmlessly
        if unknown:
            return c.RevealTile(self.rng.choice(unknown))
        harmless = [p for p, f in tiles.items() if f.incident != "ALIEN_ENCOUNTER"]
        return c.RevealTile(self.rng.choice(harmless)) if harmless else None

    def replacement(self) -> Command | None:
        """Bribe the mismatch into a needed mineral when the known tiles then complete the
        contract and its tiles are worth more than the bribe's 2 points."""
        attempt = self.seen.attempt
        assert attempt is not None
        if sum(t.face.value for t in attempt.tiles) <= SPENT_BRIBE_PENALTY:
            return self.first(c.AcceptFailure)
        bribes = {b.bribe_id: b.mineral for b in self.me.unspent_bribes}
        tiles = self.usable_tiles()
        for x in self.commands:
            if not isinstance(x, c.ReplaceMineral):
                continue
            mineral = bribes[x.bribe_id]
            spare = self.my_bribes.copy()
            spare[mineral] -= 1
            for needs in self.attempt_needs():
                if mineral not in needs:
                    continue
                rest = list(needs)
                rest.remove(mineral)
                if not rest or plan_for(attempt.contract_id, rest, tiles, spare) is not None:
                    return x
        return self.first(c.AcceptFailure)

    def bid_up(self) -> Command | None:
        """Bid when the active player will likely fail to find one more tile of that mineral."""
        attempt = self.seen.attempt
        assert attempt is not None
        stake = sum(t.face.value for t in attempt.tiles)
        active = self.seen.players[self.seen.active]
        best: tuple[float, Command] | None = None
        for x in self.commands:
            if not isinstance(x, c.BidUp):
                continue
            mineral = next(b.mineral for b in self.me.unspent_bribes if b.bribe_id == x.bribe_id)
            if any(b.mineral == mineral for b in active.unspent_bribes):
                continue  # they can bribe any mineral tile into it
            known_for_them = [
                p
                for p, f in self.known.items()
                if f.mineral in (mineral, OMNIDIUM) and not self.cells[p].alien and not self.mine(p)
            ]
            if known_for_them or self.chance(mineral) > SCARCE:
                continue
            # They may have peeked a tile we do not know of: count on some success anyway.
            success = self.chance(mineral) + 0.2
            gain = (1 - success) * stake - success * (SPENT_BRIBE_PENALTY + 3)
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, x)
        return best[1] if best is not None else self.first(c.PassBidUp)
