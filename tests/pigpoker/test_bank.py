"""The bank file PIGPOKER.SCR: names, limits, atomic updates, damaged files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from retro.games.pigpoker import bank as b
from retro.store import Store

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def bank(tmp_path: Path) -> b.Bank:
    return b.Bank(Store(tmp_path))


def test_new_account_gets_100_chips(bank: b.Bank) -> None:
    assert bank.open("Granny") == b.Account("Granny", 100)
    assert bank.store.path(b.BANK_FILE).read_text() == "PIG POKER BANK\n     100 Granny\n"


def test_names_upper_and_lower_case_are_the_same_account(bank: b.Bank) -> None:
    bank.open("Granny")
    bank.settle({"GRANNY": 5})
    assert bank.open("granny") == b.Account("Granny", 105)
    assert len(bank.accounts()) == 1


def test_balances_kept_across_runs(tmp_path: Path) -> None:
    b.Bank(Store(tmp_path)).settle({"Ann": -7, "Bob": 7})
    assert b.Bank(Store(tmp_path)).accounts() == [b.Account("Ann", 93), b.Account("Bob", 107)]


def test_bank_holds_at_most_100_accounts_and_says_so(bank: b.Bank) -> None:
    for i in range(100):
        bank.open(f"P{i}")
    with pytest.raises(b.BankFull, match="at most 100"):
        bank.open("One too many")
    assert bank.open("p7").chips == 100            # known names still play
    assert len(bank.accounts()) == 100


def test_over_full_file_keeps_every_account(bank: b.Bank) -> None:
    rows = [f"{i:>8} Name{i}" for i in range(120)]
    bank.store.save(b.BANK_FILE, ("PIG POKER BANK\n" + "\n".join(rows) + "\n").encode())
    assert len(bank.accounts()) == 120
    with pytest.raises(b.BankFull):
        bank.open("Newcomer")
    bank.settle({"Name3": 1})
    assert len(bank.accounts()) == 120 and bank.find("name3") == b.Account("Name3", 4)


def test_damaged_file_is_kept_and_readable_accounts_carried_over(bank: b.Bank) -> None:
    original = b"PIG POKER BANK\n     120 Ann\n  garbage!!\n      80 Bob\n"
    bank.store.save(b.BANK_FILE, original)
    assert bank.accounts() == [b.Account("Ann", 120), b.Account("Bob", 80)]
    assert "damaged" in bank.messages[0] and "PIGPOKER.SCR.bad-1" in bank.messages[0]
    assert (bank.store.root / "PIGPOKER.SCR.bad-1").read_bytes() == original
    assert bank.find("ann") == b.Account("Ann", 120)      # the new file reads cleanly
    assert len(bank.messages) == 1


def test_binary_garbage_file_is_kept(bank: b.Bank) -> None:
    bank.store.save(b.BANK_FILE, bytes(range(256)))
    assert bank.open("Zed").chips == 100
    assert (bank.store.root / "PIGPOKER.SCR.bad-1").read_bytes() == bytes(range(256))


@pytest.mark.parametrize("name", ["", "   ", "x" * 17, "bell\x07", "café"])
def test_bad_names_are_refused(bank: b.Bank, name: str) -> None:
    with pytest.raises(b.BankError):
        bank.open(name)


def test_settle_unknown_name_opens_account_with_change(bank: b.Bank) -> None:
    assert bank.settle({"Cy": -3}) == [b.Account("Cy", 97)]


def test_parse_and_format_round_trip() -> None:
    accounts = [b.Account("Ann Lee", -4), b.Account("COMPUTER 2", 1234)]
    assert b.parse_bank(b.format_bank(accounts)) == accounts


def test_two_copies_never_lose_an_update(tmp_path: Path) -> None:
    code = ("import sys; from retro.store import Store; from retro.games.pigpoker.bank import Bank;"
            "bk = Bank(Store(sys.argv[1]));"
            "[bk.settle({'Shared': 1}) for _ in range(40)]")
    procs = [subprocess.Popen([sys.executable, "-c", code, str(tmp_path)], cwd=ROOT)
             for _ in range(2)]
    assert all(p.wait(timeout=60) == 0 for p in procs)
    assert b.Bank(Store(tmp_path)).find("shared") == b.Account("Shared", 180)
