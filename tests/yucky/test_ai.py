"""The computer player: the manual's promises about it, and that it plays well."""

from __future__ import annotations

import random

from retro.games.yucky.ai import Computer, GreedyPlayer, RandomPlayer, play_hand
from retro.games.yucky.rules import (
    COMPUTER,
    DRAW,
    YOU,
    Catch,
    Phase,
    Play,
    Respond,
    Round,
    parse_card,
)


def arrange(you: str, computer: str, top: str, turn: int = COMPUTER, **kw) -> Round:
    return Round.arrange(random.Random(0), (you, computer), top, turn=turn, **kw)


def computer(lapse: float = 0.0) -> Computer:
    return Computer(random.Random(5), lapse=lapse)


def test_computer_never_plays_wild_draw_four_illegally():
    ai = computer()
    r = arrange("G1 G2", "W4 R5 B7", "R3")
    move = ai.choose(r, COMPUTER)
    assert not (isinstance(move, Play) and move.card.code == "W4")
    for seed in range(60):
        r = Round.deal(random.Random(seed), dealer=seed % 2)
        players = (Computer(random.Random(seed), rollouts=4),
                   Computer(random.Random(seed), rollouts=4))
        while r.phase is not Phase.OVER:
            seat = r.turn
            r.apply(players[seat].choose(r, seat))
            if r.phase is Phase.CHALLENGE:
                assert not r.w4_guilty


def test_computer_challenges_exactly_the_illegal_wild_draw_four():
    guilty = arrange("W4 R5 R6", "G1 G2", "R7", turn=YOU)
    guilty.apply(Play(parse_card("W4"), "G"))
    assert computer().choose(guilty, COMPUTER) == Respond(True)
    honest = arrange("W4 B5 B6", "G1 G2", "R7", turn=YOU)
    honest.apply(Play(parse_card("W4"), "G"))
    assert computer().choose(honest, COMPUTER) == Respond(False)


def test_computer_catches_your_missing_cry():
    r = arrange("R5 R6", "G1 G2", "R7", turn=YOU)
    r.apply(Play(parse_card("R5")))
    assert computer().wants_catch(r, COMPUTER)
    r.apply(Catch(COMPUTER))
    assert len(r.cards[YOU]) == 3


def test_computer_cries_unless_it_has_a_memory_lapse():
    r = arrange("G1 G2", "R5 R6", "R7")
    assert computer(lapse=0.0).choose(r, COMPUTER).cry is True
    assert computer(lapse=1.0).choose(r, COMPUTER).cry is False


def test_computer_goes_out_through_a_chain_of_skips():
    r = arrange("G1 G2", "B5 BS RS", "R3")
    move = computer().choose(r, COMPUTER)
    assert move.card.code == "RS"          # RS -> BS -> B5: out without a reply


def test_computer_keeps_its_wild_while_a_coloured_card_fits():
    r = arrange("G1 G2 G3 G4 G5 G6 G7", "WC R5 V7 V8 B1", "R3")
    move = computer().choose(r, COMPUTER)
    assert move.card.code == "R5"


def test_computer_names_a_colour_it_holds():
    r = arrange("G1 G2 G3 G4 G5 G6 G7", "WC B5 B7 B8 V1", "R3")
    move = computer().choose(r, COMPUTER)
    # Blue or violet (it holds both; the play-outs find them close), never red or green.
    assert move in (Play(parse_card("WC"), "B", False), Play(parse_card("WC"), "V", False))


def test_computer_names_a_colour_it_holds_when_only_a_wild_fits():
    # You drew on blue, so you lack it; but naming blue while holding only reds leaves the
    # computer to draw on its own colour next turn (or spend its last wild).
    r = arrange("V0 G8 G5", "WC R7 R2 RS WC R8", "BD", turn=YOU, pile="R4")
    r.apply(DRAW)
    assert computer().choose(r, COMPUTER) == Play(parse_card("WC"), "R", False)


def test_computer_names_the_colour_of_its_last_coloured_card():
    r = arrange("V2 V8 V1 G6 G3 V1 R8", "V9 WC", "G1")
    assert computer().choose(r, COMPUTER) == Play(parse_card("WC"), "V", True)
    r = arrange("BR V0 V3", "W4 W4 V4", "GD")
    assert computer().choose(r, COMPUTER) == Play(parse_card("W4"), "V", False)


def test_computer_plays_its_only_fitting_wild_instead_of_drawing():
    r = arrange("BR VR B7 B4 V4 G1 B6 R2", "R9 WC R8 W4 B5", "GD")
    move = computer().choose(r, COMPUTER)
    assert isinstance(move, Play) and move.card.is_wild and move.color in ("R", "B")


def test_computer_decision_is_the_same_for_the_same_seed_and_position():
    # Several plays fit, so the play-outs decide; the same seed gives the same deals.
    def decide(seed: int) -> object:
        r = arrange("G1 G2 V5 B7", "R5 RS G3 WC B9", "R3")
        return Computer(random.Random(seed)).choose(r, COMPUTER)

    assert decide(11) == decide(11)


def test_computer_draws_when_nothing_fits():
    r = arrange("G1 G2", "B5 B7", "R3")
    assert computer().choose(r, COMPUTER) == DRAW


def _rate(opponent, hands: int) -> float:
    wins = 0
    for i in range(hands):
        rng = random.Random(1000 + i)
        ai = Computer(random.Random(rng.getrandbits(32)), rollouts=8)   # a small budget
        other = opponent(random.Random(rng.getrandbits(32)))
        seat = i % 2
        players = (ai, other) if seat == 0 else (other, ai)
        r = play_hand(Round.deal(rng, dealer=(i // 2) % 2), players)
        wins += r.winner == seat
    return wins / hands


def test_computer_beats_the_random_player_on_fixed_deals():
    assert _rate(RandomPlayer, 240) > 0.55


def test_computer_beats_the_greedy_player_on_fixed_deals():
    assert _rate(GreedyPlayer, 240) > 0.5


def test_computer_decision_runs_as_cooperative_work_that_stops_when_asked():
    r = arrange("G1 G2 V5 B7", "R5 RS G3 WC B9", "R3")
    steps = Computer(random.Random(3)).choose_steps(r, COMPUTER)
    shares = [next(steps), next(steps)]
    assert 0 < shares[0] < shares[1] < 1
    try:
        steps.send(True)                       # Esc: the best play weighed so far
    except StopIteration as done:
        move = done.value
    else:
        raise AssertionError("the decision went on after it was asked to stop")
    assert isinstance(move, Play) and move.card in r.playable(COMPUTER)


def test_computer_play_outs_stop_at_their_budget_of_cards_scanned(monkeypatch):
    import retro.games.yucky.ai as ai

    r = arrange("G1 G2 V5 B7", "R5 RS G3 WC B9", "R3")
    monkeypatch.setattr(ai, "WORK_BUDGET", 1)
    steps = list(_steps(Computer(random.Random(3)).choose_steps(r, COMPUTER)))
    assert steps == [1 / ai.ROLLOUTS]          # one deal played out, then the budget is spent


def test_computer_play_outs_count_each_deals_shuffle_and_set_up_in_their_budget(monkeypatch):
    # Play-outs that cost nothing (stubbed): the deals alone, each shuffling the unseen
    # cards, setting up every candidate and replaying the opponent's history, spend a
    # budget worth ten shuffles and set-ups in about ten deals.
    import retro.games.yucky.ai as ai

    r = arrange("G1 G2 V5 B7", "R5 RS G3 WC B9", "R3")
    pool = 108 - 5 - 1                        # the unseen cards: all but its hand and the top
    options = 2 + 2                           # R5, RS and the wild naming its best 2 colours
    monkeypatch.setattr(ai.playout, "after_play", lambda *args: (0, 0))
    monkeypatch.setattr(ai, "WORK_BUDGET", 10 * (pool + ai.DEAL_SETUP * options))
    computer = Computer(random.Random(3))
    steps = list(_steps(computer.choose_steps(r, COMPUTER)))
    assert len(steps) in (9, 10)              # (the replays of its history add a little)
    assert computer._model.work > 0


def test_computer_play_outs_count_the_replays_of_the_opponents_history_in_their_budget(
        monkeypatch):
    # Each deal's replay made as costly as the deal's own shuffle and set-up: a budget worth
    # ten deals is spent in five.
    import retro.games.yucky.ai as ai

    r = arrange("G1 G2 V5 B7", "R5 RS G3 WC B9", "R3")
    deal_cost = (108 - 5 - 1) + ai.DEAL_SETUP * (2 + 2)
    monkeypatch.setattr(ai.playout, "after_play", lambda *args: (0, 0))
    monkeypatch.setattr(ai, "WORK_BUDGET", 10 * deal_cost)
    model_class = type(Computer(random.Random(3))._model)
    dealt = model_class.deal

    def costly_replay(model, pool, rng):
        model.work += deal_cost
        return dealt(model, pool, rng)

    monkeypatch.setattr(model_class, "deal", costly_replay)
    steps = list(_steps(Computer(random.Random(3)).choose_steps(r, COMPUTER)))
    assert len(steps) in (4, 5)


def _steps(gen):
    try:
        while True:
            yield next(gen)
    except StopIteration:
        return


def test_computer_keeps_its_wild_early_while_a_card_of_the_colour_fits():
    # Seven cards, the opponent on ten: a red fits, so the wild is kept for later.
    # (The play-outs alone spent the wild on 2 of 30 seeds: the one-move score, which
    # holds wilds, weighs in against such flukes of the sample.)
    r = arrange("GS G8 R7 B8 V3 RS V0 B4 G7 G4", "V7 G2 R6 WC VS R8 B5", "WC", color="R")
    for seed in range(10):
        move = Computer(random.Random(seed)).choose(r, COMPUTER)
        assert isinstance(move, Play) and move.card.code in ("R6", "R8"), seed


def test_the_one_move_score_keeps_an_early_wild_while_a_card_of_the_colour_fits():
    # The same early position, judged by the one-move score alone (no play-outs): spending
    # the wild at seven cards against ten leaves no escape for later, so a red is played.
    # The score is also the play-outs' prior and tie-break, and decides when the computer
    # is stopped before its first deal.
    r = arrange("GS G8 R7 B8 V3 RS V0 B4 G7 G4", "V7 G2 R6 WC VS R8 B5", "WC", color="R")
    move = Computer(random.Random(0), rollouts=0).choose(r, COMPUTER)
    assert isinstance(move, Play) and move.card.code in ("R6", "R8")
    scores = _one_move_scores(r)
    assert max(v for k, v in scores.items() if k.startswith("WC")) < scores["R6"] - 2.0
    # With the opponent on its last two cards the wild is no longer held back.
    late = arrange("GS G8", "V7 G2 R6 WC VS R8 B5", "WC", color="R")
    scores = _one_move_scores(late)
    assert max(v for k, v in scores.items() if k.startswith("WC")) > scores["R6"]


def _one_move_scores(r: Round) -> dict[str, float]:
    ai = Computer(random.Random(0), rollouts=0)
    ai._observe(r, COMPUTER)
    unseen = ai._unseen(r, COMPUTER)
    total = sum(n for n in unseen.values() if n > 0)
    hand = r.cards[COMPUTER]
    out = {}
    for card in r.playable(COMPUTER):
        for color in ("R", "G", "B", "V") if card.is_wild else (None,):
            out[card.code + (color or "")] = ai._score(r, COMPUTER, hand, card, color, unseen,
                                                       total, len(r.cards[1 - COMPUTER]))
    return out
