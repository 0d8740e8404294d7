"""When two seat names are one name to a reader: Unicode normalisation and a confusables skeleton.

`ann` and `\u0430nn` (a Cyrillic \u0430), or é written as one code point (NFC) and as e + a combining
accent (NFD), print the same: two seats so named could pass for each other in every log and
listing. A match refuses two names with the same skeleton, and a name is looked up by its NFC
form (so an NFD `é` finds the NFC seat).

The skeleton (after Unicode TR39's): NFKC (fullwidth, ligatures, superscripts to their plain
letters), then each character through LOOKALIKES, then casefold. LOOKALIKES is a compact subset
of Unicode's confusables.txt, not all of it (about 6,000 entries, most between scripts that seat
names here never mix): the Cyrillic and Greek letters that print as Latin ones, and the Latin
letters and digits confused with each other (0/O, 1/l/I, | and l). Any name outside that subset
is still compared after NFKC and casefold.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

LOOKALIKES = str.maketrans(
    {
        # Cyrillic letters that print as Latin ones (confusables.txt, "CYRILLIC ... LETTER")
        "\u0430": "a", "\u0432": "b", "\u0435": "e", "\u0451": "e", "\u04bb": "h", "\u0456": "i",
        "\u0457": "i", "\u0458": "j", "\u043a": "k", "\u043c": "m", "\u043d": "h", "\u043e": "o",
        "\u0440": "p", "\u0441": "c", "\u0442": "t", "\u0443": "y", "\u0445": "x", "\u0455": "s",
        "\u0501": "d", "\u051b": "q", "\u051d": "w", "\u044c": "b", "\u04cf": "l", "\u0410": "A",
        "\u0412": "B", "\u0415": "E", "\u041a": "K", "\u041c": "M", "\u041d": "H", "\u041e": "O",
        "\u0420": "P", "\u0421": "C", "\u0422": "T", "\u0425": "X", "\u0423": "Y", "\u0408": "J",
        "\u0405": "S", "\u0406": "l",
        # Greek letters that print as Latin ones
        "\u03b1": "a", "\u03bf": "o", "\u03c1": "p", "\u03bd": "v", "\u03b9": "i", "\u03ba": "k",
        "\u03c4": "t", "\u03c5": "u", "\u03c7": "x", "\u03f2": "c", "\u0391": "A", "\u0392": "B",
        "\u0395": "E", "\u0396": "Z", "\u0397": "H", "\u0399": "l", "\u039a": "K", "\u039c": "M",
        "\u039d": "N", "\u039f": "O", "\u03a1": "P", "\u03a4": "T", "\u03a5": "Y", "\u03a7": "X",
        # Latin letters and digits read as each other
        "0": "o", "O": "o", "1": "l", "I": "l", "|": "l", "\u0131": "i",
    }
)  # fmt: skip


def normal(name: str) -> str:
    """The form a name is stored and looked up in (NFC)."""
    return unicodedata.normalize("NFC", name)


def skeleton(name: str) -> str:
    """Names with one skeleton read as one name."""
    return unicodedata.normalize("NFKC", name).translate(LOOKALIKES).casefold()


def confusable_pair(names: list[str]) -> tuple[str, str] | None:
    """The first two names that read as one, if any."""
    seen: dict[str, str] = {}
    for name in names:
        key = skeleton(name)
        if key in seen:
            return seen[key], name
        seen[key] = name
    return None


def seat_index(names: Sequence[str], name: str) -> int | None:
    """Where `name` is among a match's seat names, compared in NFC; None if nowhere."""
    if name in names:
        return names.index(name)
    wanted = normal(name)
    return next((i for i, seat in enumerate(names) if normal(seat) == wanted), None)
