"""The bank: every player's chips, kept by name in ``PIGPOKER.SCR``.

The file is plain text, one account a line after a header::

    PIG POKER BANK
         100 Granny
          87 COMPUTER

Names are matched with upper and lower case the same; a new account opens with 100 chips and
the bank holds at most 100 accounts.  Every change is a read-modify-write under the store's
lock with an atomic save, so a crash leaves the old or the new file and two running copies
never lose each other's updates: changes are applied as differences, not as balances.

A file that cannot be read, or holds what no game can leave (a balance beyond
``MAX_CHIPS`` either way, a bad name, a name twice), is never thrown away: the original is
moved aside (``PIGPOKER.SCR.bad-N``), every account that can still be read is carried over
into a fresh file, and a message says so.  A file holding more than 100 accounts (edited by
hand, say) keeps all of them; it only refuses new ones.

A save folder that cannot be used (read-only, full, a path through a file) never stops the
game: the accounts live on in memory, the changes not yet saved are kept as differences and
applied again at the next successful save, and the problem is said once in ``messages``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from retro.store import schema as S

BANK_FILE = "PIGPOKER.SCR"
HEADER = "PIG POKER BANK"
MAX_ACCOUNTS = 100
NEW_ACCOUNT_CHIPS = 100
MAX_NAME = 16
#: Eight columns of digits.  Chips only move between accounts, so no real bank comes near
#: it; a balance can go below 0 when two copies settle the same player's losses at once.
MAX_CHIPS = 99_999_999


class BankError(ValueError):
    """A bank request that cannot be done; the message is for the player."""


class BankFull(BankError):
    pass


@dataclass(frozen=True)
class Account:
    name: str
    chips: int


def name_key(name: str) -> str:
    """Upper and lower case are the same name."""
    return " ".join(name.split()).upper()


def clean_name(name: str) -> str:
    """A name as stored: spaces tidied; refuses empty, long or unprintable names."""
    tidy = " ".join(name.split())
    if not tidy:
        raise BankError("a name is needed")
    if len(tidy) > MAX_NAME:
        raise BankError(f"names are at most {MAX_NAME} characters")
    if not all(ch.isascii() and ch.isprintable() for ch in tidy):
        raise BankError("names may hold only plain letters, digits and signs")
    return tidy


def _parse_line(line: str) -> Account:
    chips_text, _, name = line.strip().partition(" ")
    chips = S.number_text(chips_text, "the balance", -MAX_CHIPS, MAX_CHIPS)
    return Account(clean_name(name), chips)


def parse_bank(data: bytes) -> list[Account]:
    """Read the file strictly; ``ValueError`` (BankError) says what is wrong with it."""
    try:
        lines = S.text(data).splitlines()
    except S.SchemaError as err:
        raise BankError(str(err)) from None
    if not lines or lines[0].strip() != HEADER:
        raise BankError("the first line is not the bank's header")
    accounts: list[Account] = []
    seen: set[str] = set()
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            account = _parse_line(line)
        except ValueError as err:
            raise BankError(f"line {number} is not an account ({err})") from err
        if name_key(account.name) in seen:
            raise BankError(f"line {number} repeats the account {account.name}")
        seen.add(name_key(account.name))
        accounts.append(account)
    return accounts


def salvage_bank(data: bytes) -> list[Account]:
    """Every account that can still be read from a damaged file (first of any repeats)."""
    accounts: list[Account] = []
    seen: set[str] = set()
    for line in data.decode("ascii", errors="replace").splitlines():
        try:
            account = _parse_line(line)
        except ValueError:
            continue
        if name_key(account.name) not in seen:
            seen.add(name_key(account.name))
            accounts.append(account)
    return accounts


def format_bank(accounts: Iterable[Account]) -> bytes:
    rows = [HEADER, *(f"{a.chips:>8} {a.name}" for a in accounts)]
    return ("\n".join(rows) + "\n").encode("ascii", errors="replace")


Change = Callable[[list[Account]], "list[Account] | None"]


class Bank:
    """The accounts in one save folder (``store`` is a ``retro.store.Store``)."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.messages: list[str] = []     # what the player should be told (damaged file...)
        self._known: list[Account] = []   # the accounts last read from the file
        self._unsaved: list[Change] = []  # changes the disk has not taken yet
        self._told: set[str] = set()      # disk problems already in ``messages``

    # -- reading -------------------------------------------------------------------------

    def accounts(self) -> list[Account]:
        """All accounts, as the file holds them now."""
        return self._change(lambda accounts: None)

    def find(self, name: str) -> Account | None:
        key = name_key(name)
        return next((a for a in self.accounts() if name_key(a.name) == key), None)

    # -- changing ------------------------------------------------------------------------

    def open(self, name: str, *, past_the_limit: bool = False) -> Account:
        """The account for ``name``; a new one (100 chips) if there is none yet.

        Raises ``BankFull`` when a new account is needed and the bank already has 100,
        unless ``past_the_limit`` (the computer's own accounts: it always gets a seat, as
        winnings past the limit always get an account).
        """
        wanted = clean_name(name)
        key = name_key(wanted)

        def change(accounts: list[Account]) -> list[Account] | None:
            if any(name_key(a.name) == key for a in accounts):
                return None
            if len(accounts) >= MAX_ACCOUNTS and not past_the_limit:
                raise BankFull(f"The bank is full: it keeps at most {MAX_ACCOUNTS} accounts "
                               f"and has {len(accounts)}. Play under a name it already "
                               "knows.")
            return [*accounts, Account(wanted, NEW_ACCOUNT_CHIPS)]

        accounts = self._change(change)
        return next(a for a in accounts if name_key(a.name) == key)

    def settle(self, changes: Mapping[str, int]) -> list[Account]:
        """Add chip changes (name -> difference) in one locked update; returns the accounts.

        A name without an account gets one (100 chips plus its change) even past the limit,
        so chips won in a game are never dropped.
        """
        wanted = {name_key(n): (clean_name(n), d) for n, d in changes.items()}

        def change(accounts: list[Account]) -> list[Account]:
            out = []
            for a in accounts:
                key = name_key(a.name)
                if key in wanted:
                    a = Account(a.name, _chips(a.chips + wanted[key][1]))
                out.append(a)
            known = {name_key(a.name) for a in accounts}
            out += [Account(n, _chips(NEW_ACCOUNT_CHIPS + d)) for k, (n, d) in wanted.items()
                    if k not in known]
            return out

        return self._change(change)

    # -- inside --------------------------------------------------------------------------

    def _change(self, change: Change) -> list[Account]:
        """Read (recovering a damaged file), apply ``change``, save if it returned a list.

        Changes the disk refused earlier are applied first, again, to what the file holds
        now; if the file cannot be read at all, to the accounts last read.
        """
        store = self.store
        with store.locked(BANK_FILE):
            loaded = store.load_result(BANK_FILE, parse_bank, salvage=salvage_bank)
            if loaded.damaged:
                # Short enough for the message row; the store's notice has the whole path.
                kept = f"kept as {loaded.aside.name}" if loaded.aside else "left as it was"
                self.messages.append(f"Bank file damaged: {kept}, "
                                     f"{len(loaded.value or [])} account(s) carried over.")
            base = self._known if loaded.unavailable else list(loaded.value or [])
            accounts, dirty = base, loaded.damaged
            for pending in self._unsaved:
                try:
                    redone = pending(accounts)
                except BankError:  # e.g. an account opened meanwhile filled the bank
                    continue
                if redone is not None:
                    accounts, dirty = redone, True
            new = change(accounts)
            if new is not None:
                accounts, dirty = new, True
            if dirty and not loaded.unavailable and store.save(BANK_FILE, format_bank(accounts)):
                self._unsaved.clear()
                self._known = accounts
                return accounts
        if not loaded.unavailable:
            self._known = base
        if new is not None:
            self._unsaved.append(change)
        self._tell_problem()
        return accounts

    def _tell_problem(self) -> None:
        """Say a disk problem once, short enough for the message row (the store's notice
        names the folder)."""
        reason = self.store.problem_reason(BANK_FILE)
        if reason and reason not in self._told:
            self._told.add(reason)
            self.messages.append(f"The bank cannot be saved: {reason}.")


def _chips(n: int) -> int:
    return max(-MAX_CHIPS, min(MAX_CHIPS, n))
