"""The exact solver against brute force, and the computer players' behaviour."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from retro.games.sixtysix.ai import (
    ExpertConfig,
    ExpertPlayer,
    GreedyPlayer,
    RandomPlayer,
    absences,
    finish,
    player,
)
from retro.games.sixtysix.closing import Checked, closing_gain, world_deal
from retro.games.sixtysix.rules import (
    PACK,
    Close,
    Deal,
    Exchange,
    Move,
    Options,
    Play,
    card_from_index,
    parse_card,
    parse_cards,
    parse_move,
)
from retro.games.sixtysix.solver import Solver, mask_of, solve_deal, solver_for


def brute(deal: Deal) -> int:
    """Plain minimax over the rules engine: every legal move, no pruning, no table."""
    if deal.over:
        res = deal.result
        if res.winner is None:
            return 0
        return res.game_points if res.winner == 0 else -res.game_points
    values = []
    for move in deal.legal_moves():
        if isinstance(move, Close | Exchange):
            continue
        child = deal.copy()
        child.apply(move)
        values.append(brute(child))
    return max(values) if deal.turn == 0 else min(values)


STANDARD = Options(trumps_after_closing=True)
RULES = [pytest.param(Options(), id="led-suit"), pytest.param(STANDARD, id="trumps")]


def small_endgame(seed: int, cards: int, close: bool, options: Options | None = None) -> Deal:
    """A seeded deal played at random until each hand has ``cards`` cards and it is closed."""
    rng = random.Random(seed)
    while True:
        deal = Deal.new(rng, rng.randrange(2), options)
        while not deal.over and not (deal.leading and deal.closed
                                     and len(deal.hands[deal.turn]) == cards):
            if close and deal.leading and deal.can_close() \
                    and len(deal.hands[deal.turn]) == cards:
                deal.apply(Close())
                continue
            moves = [m for m in deal.legal_moves() if not isinstance(m, Close)]
            deal.apply(rng.choice(moves))
        if not deal.over:
            return deal


@pytest.mark.parametrize("options", RULES)
@pytest.mark.parametrize("close", [False, True])
def test_solver_matches_brute_force_on_small_closed_endgames(close, options):
    checked = 0
    for seed in range(40):
        deal = small_endgame(seed, cards=3, close=close, options=options)
        assert deal.closed
        assert solve_deal(deal) == brute(deal), f"seed {seed}"
        checked += 1
    assert checked == 40


@pytest.mark.parametrize("options", RULES)
def test_solver_matches_brute_force_with_four_cards_and_a_card_led(options):
    for seed in range(12):
        deal = small_endgame(100 + seed, cards=4, close=seed % 2 == 0, options=options)
        deal.apply(Play(deal.playable()[0]))
        if deal.over:
            continue
        assert solve_deal(deal) == brute(deal), f"seed {seed}"


@pytest.mark.parametrize("options", RULES)
def test_solver_with_known_stock_matches_brute_force_in_open_play(options):
    # Small prepared deals with two draws left: the search must hand the right card to the
    # winner and the turned-up trump card to the loser, then play the closed-game rule.
    for seed in range(15):
        rng = random.Random(500 + seed)
        pack = list(PACK)
        rng.shuffle(pack)
        deal = Deal(hands=[pack[0:3], pack[3:6]], stock=pack[6:9], trump_card=pack[9],
                    dealer=seed % 2, options=options)
        deal.points = [rng.randrange(0, 50), rng.randrange(0, 50)]
        deal.tricks_won = [int(deal.points[0] > 0), int(deal.points[1] > 0)]
        stock = (*(c.index for c in deal.stock), deal.trump_card.index)
        sv = Solver("CDHS".index(deal.trump), stock=stock,
                    trumps_after_closing=options.trumps_after_closing)
        v = sv.value(mask_of(deal.hands[0]), mask_of(deal.hands[1]), deal.turn, -1,
                     deal.points[0], deal.points[1], int(deal.tricks_won[0] > 0),
                     int(deal.tricks_won[1] > 0))
        assert v == brute(deal), f"seed {seed}"


def _guess(hand0: str, hand1: str, drawn: int, trumps_after_closing: bool = False) -> float:
    """The depth-limit guess with hearts trumps, no points taken yet, and ``drawn`` of the
    deal's 12 cards to draw drawn."""
    sv = Solver(2, stock=tuple(range(12)), trumps_after_closing=trumps_after_closing)
    return sv.heuristic(mask_of(parse_cards(hand0)), mask_of(parse_cards(hand1)), 0, 0, 0,
                        drawn)


def test_a_trumps_bonus_fades_with_the_stock_under_the_manuals_rule():
    """Trumps win tricks only while the stock is open (then the led suit wins), so the
    guess counts half a trump's bonus at the deal's start and none once the stock is used
    up.  The trump ace against a plain ace: both worth 5.5 for their points, the trump 23
    more, the plain one 4 as a bare ace."""
    bonus = 8 + 3 * 5
    assert _guess("AH", "AD", 0) == pytest.approx((23 - 4 - bonus / 2) / 25)
    assert _guess("AH", "AD", 6) == pytest.approx((23 - 4 - bonus * 3 / 4) / 25)
    assert _guess("AH", "AD", 12) == pytest.approx((23 - 4 - bonus) / 25)
    assert _guess("AD", "AH", 6) == -_guess("AH", "AD", 6)      # the same for either seat
    # Plain cards are not touched: the queen and king of clubs against the ace of spades.
    assert _guess("QC KC", "AS", 9) == pytest.approx(_guess("QC KC", "AS", 0))


def test_a_trumps_bonus_stays_whole_under_the_standard_rule():
    """Where trumps keep their power after closing, their bonus does not fade."""
    for drawn in (0, 6, 12):
        assert _guess("AH", "AD", drawn, trumps_after_closing=True) == pytest.approx(
            (23 - 4) / 25)


def _closed_value(hand0: str, hand1: str, led: str, p0: int, p1: int,
                  closed_by: int = 0, tricks1: int = 1) -> tuple[float, int]:
    """Value and nodes searched of a closed position, seat 0 to move, clubs trumps."""
    sv = Solver(0)
    lead = parse_card(led).index if led else -1
    v = sv.value(mask_of(parse_cards(hand0)), mask_of(parse_cards(hand1)), 0, lead, p0, p1,
                 1, tricks1, 0, closed_by, False)
    return v, sv.nodes


def test_closer_who_can_no_longer_reach_66_has_failed_without_search():
    # 20 points and 23 left to take: the closer fails whatever is played.
    assert _closed_value("9D JD", "AH TH", "", 20, 30) == (-2, 1)
    # Seat 1 closed and cannot get there: the penalty is seat 0's.
    assert _closed_value("9D JD", "AH TH", "", 60, 30, closed_by=1) == (2, 1)


def test_closer_who_can_just_reach_66_is_searched():
    # 43 points and exactly 23 left: taking both tricks makes 66.
    assert _closed_value("AH TH", "9H JH", "", 43, 40)[0] == 1


def test_closer_counts_the_card_led_toward_66():
    # 40 points, 18 in the hands and the ten led: the ace takes it, the king the last trick.
    assert _closed_value("AH KS", "QS", "TH", 40, 40)[0] == 1


def test_closer_counts_a_marriage_in_hand_toward_66():
    # 37 points and 9 in the hands: only the marriage of diamonds (20) gets the closer there,
    # to 66 exactly.
    assert _closed_value("KD QD", "9D JD", "", 37, 40)[0] == 1


def test_closer_finds_the_schwarz_win_behind_a_lead_that_gives_a_trick():
    # 62 points, the opponent none and no trick.  The ten (searched first: it is worth more)
    # loses to the ace and wins by 2; the king takes the nine of spades, 66, by 3.
    assert _closed_value("TH KS", "AH 9S", "", 62, 0, tricks1=0)[0] == 3


def test_search_stops_at_the_first_move_worth_the_most_a_win_can_bring():
    # Aces and tens against nothing: the first lead already wins by 3 (schwarz), so no
    # other lead is searched: one line of play, two positions a trick and the root.
    assert _closed_value("AH TH AS TS", "9H JH 9S JS", "", 50, 20, tricks1=0) == (3, 6)


@pytest.mark.parametrize("options", RULES)
def test_solver_matches_brute_force_with_points_near_66(options):
    # The points decide where the search may stop early: endgames with points drawn near
    # the mark, both ways of closing, marriages possible.
    rng = random.Random(66)
    checked = 0
    for seed in range(60):
        deal = small_endgame(200 + seed, cards=3, close=seed % 2 == 0, options=options)
        deal.points = [rng.randrange(20, 64), rng.randrange(20, 64)]
        deal.tricks_won = [rng.randrange(2), rng.randrange(2)]
        if seed % 3 == 0:
            deal.apply(Play(deal.playable()[0]))
        if deal.over:
            continue
        for carry in (0, 1):
            want = brute(deal)
            if want and carry:
                want += carry if want > 0 else -carry
            assert solve_deal(deal, carry) == want, f"seed {seed} carry {carry}"
        checked += 1
    assert checked >= 50


def test_closing_check_searches_a_quarter_of_what_it_did(monkeypatch):
    # The slowest kind of decision: a close played out in 24 worlds (deal 90's first lead).
    # The whole decision searched 403,659 positions before the closed game's points bounds.
    made: list[Solver] = []
    real_init = Solver.__init__

    def counting_init(self, *args, **kw):
        real_init(self, *args, **kw)
        made.append(self)

    monkeypatch.setattr(Solver, "__init__", counting_init)
    deal = _first_lead(90)
    move = ExpertPlayer(deal.turn, random.Random(90)).choose(deal)
    assert move == Play(parse_card("QS"), marriage=True)
    assert sum(sv.nodes for sv in made) < 100_000


def test_solver_root_values_agree_with_value():
    deal = small_endgame(7, cards=4, close=True)
    sv = solver_for(deal)
    args = (mask_of(deal.hands[0]), mask_of(deal.hands[1]), deal.turn, -1, deal.points[0],
            deal.points[1], int(deal.tricks_won[0] > 0), int(deal.tricks_won[1] > 0), 0,
            sv.closed_by, deal.schwarz_at_close)
    roots = sv.root_values(*args, allow_close=False, exact=True)
    best = max(roots.values()) if deal.turn == 0 else min(roots.values())
    assert best == sv.value(*args)


def test_solver_plays_the_closed_game_rule_in_force():
    # Closed by you, you lead the ace of hearts; the computer is void in hearts and holds the
    # king of trumps.  The manual's rule: the ace wins whatever it plays, and you reach 66.
    # The standard rule: the king trumps it, and your closing fails (2 game points).
    ks = str(parse_card("KS").index)
    for options, want in ((Options(), {ks: 1, str(parse_card("9D").index): 1}), (STANDARD, None)):
        deal = Deal.from_codes("AH 9C", "KS 9D", "JS QS KD", "TS", dealer=1, options=options)
        deal.points, deal.tricks_won = [60, 40], [3, 2]
        deal.apply(Close())
        deal.apply(parse_move("AH"))
        sv = solver_for(deal)
        vals = sv.root_values(mask_of(deal.hands[0]), mask_of(deal.hands[1]), 1,
                              parse_card("AH").index, 60, 40, 1, 1, 0, 0, False)
        if want is not None:
            assert vals == want
        else:
            assert vals[ks] == -2 and min(vals, key=vals.__getitem__) == ks
        assert solve_deal(deal) == brute(deal)
        move = ExpertPlayer(1, random.Random(1)).choose(deal)
        if options == STANDARD:
            assert move == Play(parse_card("KS"))


@pytest.mark.parametrize("options", RULES)
def test_sampled_worlds_average_exact_values_only(options):
    # Closed games with cards left in the dead stock: the expert averages over guessed
    # hands, and each world's value of each move must be exact (not an alpha-beta bound).
    checked = 0
    for seed in range(30):
        rng = random.Random(seed)
        deal = Deal.new(rng, seed % 2, options)
        while not deal.over and (len(deal.taken[0]) + len(deal.taken[1]) < 2 + seed % 3 * 2
                                 or not deal.leading):
            deal.apply(rng.choice([m for m in deal.legal_moves() if not isinstance(m, Close)]))
        if deal.over or not deal.can_close():
            continue
        deal.apply(Close())
        seat = deal.turn
        exp = ExpertPlayer(seat, random.Random(seed), ExpertConfig(samples=5))
        got = exp.evaluate(deal)
        worlds = random.Random(seed)
        want: dict[str, float] = {}
        for _ in range(5):
            opp, rest = exp.sample_world(deal, worlds)
            world = deal.copy()
            world.hands[1 - seat] = list(opp)
            world.stock = [c for c in rest if c != deal.trump_card]   # the dead stock
            for card in world.playable():
                child = world.copy()
                child.apply(Play(card, marriage=world.can_marry(seat, card)))
                v = brute(child) if child.over else solve_deal(child)
                want[str(card.index)] = want.get(str(card.index), 0) + (v if seat == 0 else -v)
        assert got == pytest.approx({k: v / 5 for k, v in want.items()}), f"seed {seed}"
        checked += 1
    assert checked >= 10


def test_open_game_worlds_are_the_ones_sample_world_deals():
    # The search deals its worlds by card indexes; they must be sample_world's worlds: the
    # other hand, then the stock in its drawn order with the turned-up card last.
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        deal = Deal.new(rng, seed % 2)
        # Early in the deal, and with two cards left to draw (searched to the end, where
        # the turned-up card is drawn).
        left = 8 if seed % 2 else 2
        while not deal.over and deal.stock_count > left:
            deal.apply(rng.choice([m for m in deal.legal_moves() if not isinstance(m, Close)]))
        if deal.over or deal.closed:
            continue
        seat = deal.turn
        got = ExpertPlayer(seat, random.Random(seed), ExpertConfig(samples=3)).evaluate(deal)
        view = ExpertPlayer(seat, random.Random(seed))
        want: dict[str, float] = {}
        for _ in range(3):
            opp, rest = view.sample_world(deal, view.rng)
            hands = [mask_of(deal.hands[seat]), mask_of(opp)]
            stock = (*(c.index for c in rest), deal.trump_card.index)
            sv = Solver("CDHS".index(deal.trump), stock=stock)
            vals = sv.root_values(*(hands if seat == 0 else hands[::-1]), seat,
                                  deal.trick[0].index if deal.trick else -1, *deal.points,
                                  int(deal.tricks_won[0] > 0), int(deal.tricks_won[1] > 0),
                                  0, -1, False,
                                  99 if left == 2 else 2 if deal.leading else 1,
                                  allow_close=deal.can_close() and
                                  view._close_hope(deal) >= ExpertConfig().close_hope)
            for k, v in vals.items():
                want[k] = want.get(k, 0.0) + (v if seat == 0 else -v) / 3
        assert got == pytest.approx(want), f"seed {seed}"
        checked += 1
    assert checked >= 4


def test_expert_is_deterministic_for_a_seed():
    deal = Deal.new(random.Random(3), 0)
    a = ExpertPlayer(1, random.Random(9)).choose(deal)
    b = ExpertPlayer(1, random.Random(9)).choose(deal)
    assert a == b


def test_expert_never_reads_hidden_cards():
    # Two deals equal in everything the expert may see, different hidden cards: same move.
    deal = Deal.from_codes("AH 9C JC QC KC TC", "TH 9D JD QD KD 9S",
                           "JS QS KS AD 9H JH QH KH AC AS TD", "TS", dealer=1)
    other = Deal.from_codes("AH 9C JC QC KC TC", "9H JH QH KH AC AS",
                            "TD JS QS KS AD TH 9D JD QD KD 9S", "TS", dealer=1)
    a = ExpertPlayer(0, random.Random(1)).choose(deal)
    b = ExpertPlayer(0, random.Random(1)).choose(other)
    assert a == b


def test_expert_declares_marriage():
    # With 30 points the trump marriage wins at once: the expert must see it.
    deal = Deal.from_codes("KS QS 9C JC AD TC", "TH 9D JD QD KD 9H",
                           "JS AH 9S QC KH JH QH KC AC AS TD", "TS", dealer=1)
    deal.points = [30, 10]
    deal.tricks_won = [2, 1]
    exp = ExpertPlayer(0, random.Random(1))
    move = exp.choose(deal)
    if move == Close():              # closing first is fine too: the marriage still wins
        deal.apply(move)
        move = exp.choose(deal)
    assert isinstance(move, Play) and move.marriage
    deal.apply(move)
    assert deal.result.winner == 0 and deal.result.reason == "marriage"


def test_expert_always_declares_when_leading_a_married_king_or_queen():
    seen = 0
    for seed in range(40):
        rng = random.Random(seed)
        deal = Deal.new(rng, seed % 2)
        exp = ExpertPlayer(0, random.Random(seed), ExpertConfig(samples=4))
        while not deal.over:
            if deal.turn == 0:
                move = exp.choose(deal)
                if isinstance(move, Play) and deal.leading and deal.can_marry(0, move.card):
                    assert move.marriage
                    seen += 1
            else:
                move = rng.choice(deal.legal_moves())
            deal.apply(move)
    assert seen > 0


def test_expert_exchanges_the_trump_nine():
    deal = Deal.from_codes("AH 9S JC QC KC TC", "TH 9D JD QD KD 9H",
                           "JS QS KS AD AS JH QH KH AC 9C TD", "TS", dealer=1)
    deal.apply(parse_move("AH"))
    deal.apply(parse_move("9H"))
    assert ExpertPlayer(0, random.Random(1)).choose(deal) == Exchange()


def _close_that_gains() -> Deal:
    """20 points against none, with the aces and tens of the three plain suits: the check
    finds closing gains."""
    deal = Deal.from_codes("AH TH AC TC AD TD", "KS JS 9H 9C JD KD",
                           "AS TS 9S KH QH JH KC QC JC QD 9D", "QS", dealer=1)
    deal.points = [20, 0]
    deal.tricks_won = [2, 0]
    return deal


def test_expert_closes_a_certain_win():
    # Closed, with no trumps, each of the six cards takes its trick: 3 game points, the
    # opponent still without a trick.  Played on, any of them may be trumped.
    assert ExpertPlayer(0, random.Random(1)).choose(_close_that_gains()) == Close()


def test_expert_does_not_close_a_weak_hand():
    deal = Deal.from_codes("9H JC 9C QD JD 9D", "TH AD TD QH KD AH",
                           "KS JS AC JH KH QC 9S AS KC TC QS", "TS", dealer=1)
    assert ExpertPlayer(0, random.Random(1)).choose(deal) != Close()


def test_expert_plays_perfectly_once_stock_is_exhausted():
    deal = small_endgame(11, cards=4, close=False)
    assert deal.exhausted
    exp = ExpertPlayer(deal.turn, random.Random(2))
    move = exp.choose(deal)
    child = deal.copy()
    child.apply(move)
    want = brute(deal)
    assert brute(child) == want


def test_greedy_takes_trick_with_cheapest_winner():
    deal = Deal.from_codes("AH 9C JC QC KC TC", "TH 9D AS QD KH 9S",
                           "JS QS KS AD 9H JH QH JD AC TD KD", "TS", dealer=1)
    deal.apply(parse_move("KC"))
    assert GreedyPlayer(1, random.Random(0)).choose(deal) == Play(parse_card("9S"))


def test_greedy_declares_marriage_at_once():
    deal = Deal.from_codes("KH QH 9C JC AD TC", "TH 9D JD QD KD 9H",
                           "JS AH 9S QC KS JH QS KC AC AS TD", "TS", dealer=1)
    move = GreedyPlayer(0, random.Random(0)).choose(deal)
    assert move == Play(parse_card("QH"), marriage=True)


def test_random_player_only_plays_legal_moves():
    rng = random.Random(4)
    for seed in range(20):
        deal = Deal.new(random.Random(seed), 0)
        players = [RandomPlayer(0, rng), player("random", 1, rng)]
        while not deal.over:
            move = players[deal.turn].choose(deal)
            assert move in deal.legal_moves()
            deal.apply(move)


def test_expert_beats_greedy_over_a_few_duplicate_deals():
    # A small fixed sample (seeded, fixed budget): the expert must come out ahead.
    cfg = ExpertConfig(samples=6)
    score = [0, 0]
    for seed in range(12):
        for hero in (0, 1):
            deal = Deal.new(random.Random(seed), seed % 2)
            ps = {hero: ExpertPlayer(hero, random.Random(seed), cfg),
                  1 - hero: GreedyPlayer(1 - hero, random.Random(seed))}
            while not deal.over:
                deal.apply(ps[deal.turn].choose(deal))
            if deal.result.winner is not None:
                score[0 if deal.result.winner == hero else 1] += deal.result.game_points
    assert score[0] > score[1]


def test_expert_thinks_as_cooperative_work_with_the_same_move():
    # choose_steps yields after each sampled world (so the screen stays alive) and returns
    # the move choose gives.
    deal = Deal.new(random.Random(8), 1)
    steps = ExpertPlayer(0, random.Random(4), ExpertConfig(samples=7)).choose_steps(deal)
    yielded = []
    try:
        while True:
            yielded.append(next(steps))
    except StopIteration as done:
        move = done.value
    assert yielded == [1, 2, 3, 4, 5, 6]
    assert move == ExpertPlayer(0, random.Random(4), ExpertConfig(samples=7)).choose(deal)


# -- closing judged by its outcome --------------------------------------------------------

def _first_lead(seed: int) -> Deal:
    """The bench's deal ``seed`` at its first lead."""
    return Deal.new(random.Random(seed), dealer=seed % 2)


def _best_play(deal: Deal) -> Play:
    probe = ExpertPlayer(deal.turn, random.Random(2024))
    card = card_from_index(int(probe._best_card(probe.evaluate(deal))))
    return Play(card, marriage=deal.can_marry(deal.turn, card))


def _played_out_gain(deal: Deal, play: Play, worlds: int = 64) -> float:
    """Closing's mean gain over ``play``, measured again on fresh worlds of the closer's view
    (other worlds and other seeds than the computer's own check)."""
    probe = ExpertPlayer(deal.turn, random.Random(2024))
    sampled = [world_deal(deal, deal.turn, *probe.sample_world(deal, probe.rng))
               for _ in range(worlds)]
    return finish(closing_gain(sampled, deal.turn, play, 0, probe._play_out_player, 77)).gain


@pytest.mark.slow
@pytest.mark.parametrize("seed", [80, 90, 389])
def test_expert_does_not_close_where_closing_loses_when_played_out(seed: int) -> None:
    # At its first lead, no points yet: the sampling alone (each sampled world seen whole)
    # closes; played out by the computer's own play without that sight, closing loses
    # (over 64 fresh worlds: -0.75, -0.25 and -0.23 game points against the best card).
    deal = _first_lead(seed)
    sampling_alone = ExpertPlayer(deal.turn, random.Random(seed), ExpertConfig(close_worlds=0))
    assert sampling_alone.choose(deal) == Close()
    expert = ExpertPlayer(deal.turn, random.Random(seed))
    assert expert.choose(deal) != Close()
    assert expert.close_gain < 0
    assert _played_out_gain(deal, _best_play(deal)) < 0


@pytest.mark.slow
def test_expert_still_closes_where_closing_pays_when_played_out() -> None:
    deal = _first_lead(370)
    expert = ExpertPlayer(deal.turn, random.Random(370))
    assert expert.choose(deal) == Close()
    assert expert.close_gain > 0
    assert _played_out_gain(deal, _best_play(deal)) > 0


def test_play_out_players_see_only_their_own_hand() -> None:
    # The players of the play-outs must not be clairvoyant: dealing the hidden cards
    # differently (the other hand and the stock, which the player to move cannot see) never
    # changes their move.
    rng = random.Random(5)
    owner = ExpertPlayer(0, random.Random(1))
    checked = 0
    for seed in range(12):
        deal = Deal.new(random.Random(seed), dealer=seed % 2)
        while not deal.over:
            me = deal.turn
            view = ExpertPlayer(me, random.Random(seed))
            other = world_deal(deal, me, *view.sample_world(deal, rng))
            assert owner._play_out_player(me, seed).choose(other) == \
                owner._play_out_player(me, seed).choose(deal)
            checked += 1
            deal.apply(rng.choice(deal.legal_moves()))
    assert checked > 100


def test_closing_check_is_deterministic() -> None:
    deal = _first_lead(370)
    moves, gains = set(), set()
    for _ in range(2):
        expert = ExpertPlayer(deal.turn, random.Random(370))
        moves.add(expert.choose(deal))
        gains.add(expert.close_gain)
    assert len(moves) == 1 and len(gains) == 1


def test_closing_is_not_played_out_when_the_sampling_rejects_it() -> None:
    deal = Deal.from_codes("9H JC 9C QD JD 9D", "TH AD TD QH KD AH",
                           "KS JS AC JH KH QC 9S AS KC TC QS", "TS", dealer=1)
    expert = ExpertPlayer(0, random.Random(1))
    assert expert.choose(deal) != Close()
    assert expert.close_gain == 0.0                 # no worlds were played out


def test_expert_does_not_make_a_close_that_only_breaks_even() -> None:
    # 65 points against 40, a trick each side: whatever the computer leads wins the trick
    # (the aces and tens, and the king of trumps whose betters it holds) and the game, for
    # 1 game point, closed or not.  The sampling likes the close (it wins in every world),
    # the check finds it gains nothing, and a close that gains nothing is not made: it only
    # gives up the stock's chances should anything go wrong.
    deal = Deal.from_codes("AS TS KS AH TH AC", "KH QH JH 9H TC KC",
                           "QC JC 9C AD TD KD QD JD 9D JS 9S", "QS", dealer=1)
    deal.points = [65, 40]
    deal.tricks_won = [4, 2]
    expert = ExpertPlayer(0, random.Random(1))
    assert expert._close_looks_good(expert.evaluate(deal))
    expert = ExpertPlayer(0, random.Random(1))
    assert expert.choose(deal) != Close()
    assert expert.close_gain == 0.0


def test_expert_closes_where_the_check_finds_a_gain() -> None:
    deal = _close_that_gains()
    expert = ExpertPlayer(0, random.Random(1))
    assert expert.choose(deal) == Close()
    assert expert.close_gain > 0


# -- the closing check's budget ----------------------------------------------------------

@dataclass
class _Counted:
    """Plays a seeded random legal move and says it searched ``nodes`` positions (10 for
    seat 0, 100 for seat 1): each world, two play-outs, costs 220."""

    nodes: int
    rng: random.Random

    def choose(self, deal: Deal, carry: int = 0) -> Move:
        return self.rng.choice(deal.legal_moves())


def _counted(seat: int, seed: int) -> _Counted:
    return _Counted(10 if seat == 0 else 100, random.Random(seed))


def _counted_check(budget: int, floor: int = 1, worlds: int = 6) -> Checked:
    deal = _first_lead(370)
    view = ExpertPlayer(deal.turn, random.Random(3))
    sampled = [world_deal(deal, deal.turn, *view.sample_world(deal, view.rng))
               for _ in range(worlds)]
    play = next(m for m in deal.legal_moves() if isinstance(m, Play))
    return finish(closing_gain(sampled, deal.turn, play, 0, _counted, 5, budget, floor))


def test_closing_check_counts_the_positions_of_both_players_of_both_play_outs() -> None:
    assert _counted_check(0).nodes == 6 * 220
    assert _counted_check(0).worlds == 6                # no budget: every world


def test_closing_check_stops_after_the_world_that_spends_its_budget() -> None:
    assert _counted_check(440)[1:] == (2, 440)          # spent exactly after two worlds
    assert _counted_check(441)[1:] == (3, 660)          # one short: a third world
    assert _counted_check(10**6)[1:] == (6, 1320)       # never spent: all of them


def test_closing_check_plays_its_floor_of_worlds_whatever_they_cost() -> None:
    assert _counted_check(1, floor=4)[1:] == (4, 880)
    assert _counted_check(1, floor=1)[1:] == (1, 220)


def test_a_cut_closing_check_judges_by_the_mean_of_the_worlds_done() -> None:
    whole = [_counted_check(0, worlds=n).gain * n for n in range(1, 7)]
    per_world = [b - a for a, b in zip([0.0, *whole], whole, strict=False)]
    assert len(set(per_world[:3])) > 1                  # the worlds do not all agree
    assert _counted_check(660).gain == pytest.approx(sum(per_world[:3]) / 3)


def test_expert_bounds_its_closing_check_by_the_positions_its_play_outs_search() -> None:
    # The position where the check finds a gain: its 24 worlds cost far less than the
    # default budget (the usual check is played whole); a budget of one position stops
    # it at the floor, and the play-out players' own searches are what spend it.
    deal = _close_that_gains()
    whole = ExpertPlayer(0, random.Random(1))
    whole.choose(deal)
    assert whole.close_checks == 1 and whole.close_cut == 0
    assert whole.close_played == ExpertConfig().close_worlds
    assert whole.nodes < ExpertConfig().close_budget
    cut = ExpertPlayer(0, random.Random(1), ExpertConfig(close_budget=1, close_floor=3))
    cut.choose(deal)
    assert cut.close_checks == 1 and cut.close_cut == 1
    assert cut.close_played == 3
    assert cut.nodes < whole.nodes


@pytest.mark.slow
def test_heaviest_bench_closing_check_is_cut_short_with_its_move_unchanged() -> None:
    # Bench deal 497 against the greedy player, the computer in seat 0, trick 3: a close
    # checked early, whose play-outs search long games.  Unbounded it searched 112,995
    # positions (0.90 CPU s) and played the same marriage.
    deal = _first_lead(497)
    players = {0: ExpertPlayer(0, random.Random(497 * 101 + 1)),
               1: GreedyPlayer(1, random.Random(497 * 101 + 8))}
    expert = players[0]
    while expert.close_checks == 0:
        before = expert.nodes
        deal.apply(players[deal.turn].choose(deal))
    assert expert.close_cut == 1
    assert ExpertConfig().close_floor < expert.close_played < ExpertConfig().close_worlds
    assert len(deal.taken[0]) // 2 + len(deal.taken[1]) // 2 == 2   # played at trick 3
    assert deal.history[-1][1] == Play(parse_card("QH"), marriage=True)
    assert 100_000 < expert.nodes - before < 100_000 + 12_000


# -- what the opponent's play shows -------------------------------------------------------

def _closed_and_void() -> Deal:
    """Seat 0 closes at once and leads the ace of spades; seat 1, who holds no spade, must
    answer with another suit: it shows it holds no spade at all."""
    deal = Deal.from_codes("AS TS KS AH TH AC", "KH QH JH 9H TC KC",
                           "QC JC 9C AD TD KD QD JD 9D JS 9S", "QS", dealer=1)
    for move in ("close", "AS", "9H"):
        deal.apply(parse_move(move))
    return deal


def test_a_player_who_fails_to_follow_a_closed_game_holds_none_of_the_led_suit():
    deal = _closed_and_void()
    found, drawn = absences(deal, 0)
    spades = {c.index for c in PACK if c.suit == "S"}
    assert drawn == 0
    assert {c for c, _, sure in found if sure} == spades
    assert absences(deal, 1)[0] == []          # seat 0 followed nothing
    weights = ExpertPlayer(0, random.Random(1)).weights(deal, 5)
    assert weights == {c: 0.0 for c in spades}
    # The two unseen spades (JS, 9S) are never dealt to it; without the inference they are.
    for cfg, never in ((ExpertConfig(), True), (ExpertConfig(infer=False), False)):
        view = ExpertPlayer(0, random.Random(3), cfg)
        hands = [view.sample_world(deal, view.rng)[0] for _ in range(40)]
        got = any(parse_card(code) in hand for hand in hands for code in ("JS", "9S"))
        assert got is not never


def _seat1_leads(hand1: str) -> Deal:
    """Seat 1 to lead ``hand1``; the stock is the rest, the spades last (trumps, the ten
    turned up)."""
    hand0 = "9H JC 9C QC JD 9D"
    held = set(parse_cards(hand0 + " " + hand1 + " TS"))
    rest = sorted((c for c in PACK if c not in held), key=lambda c: (c.suit == "S", c.index))
    return Deal.from_codes(hand0, hand1, " ".join(c.code for c in rest), "TS", dealer=0)


def test_leading_a_king_without_the_marriage_shows_the_queen_is_not_held():
    deal = _seat1_leads("KH AD TD TH KD AH")      # the queen of hearts is in the stock
    deal.apply(parse_move("KH"))
    assert absences(deal, 0) == ([(parse_card("QH").index, 0, False)], 0)
    deal.apply(parse_move("9H"))                  # seat 1 wins; both draw a card
    # One draw since: the queen could be that card, about 1 chance in 6 of a blind deal's;
    # and a player may fail to declare (the doubt).
    doubt = ExpertConfig().infer_doubt
    weights = ExpertPlayer(0, random.Random(1)).weights(deal, 6)
    assert weights == {parse_card("QH").index: pytest.approx(doubt + (1 - doubt) / 6)}


def test_a_declared_marriage_shows_nothing_missing():
    deal = _seat1_leads("KD AD TD QD TH AH")
    deal.apply(parse_move("KD+"))
    assert absences(deal, 0) == ([], 0)


def test_leading_without_exchanging_shows_the_trump_nine_is_not_held():
    deal = _seat1_leads("AH AD TD TH KD KC")      # the 9 of trumps (9S) is in the stock
    deal.apply(parse_move("AH"))                  # no trick won yet: no exchange possible
    deal.apply(parse_move("JC"))
    assert absences(deal, 0) == ([], 1)
    deal.apply(parse_move("AD"))                  # it could have exchanged the 9: it lacks it
    assert absences(deal, 0) == ([(parse_card("9S").index, 1, False)], 1)
    # Seen from the other seat, nothing: seat 0 never led, and not following suit shows
    # nothing while the game is open (nobody must).
    assert absences(deal, 1) == ([], 1)


def test_worlds_are_kept_in_proportion_to_their_weight():
    # One card of weight 1/4 in a hand of 1 from 2 cards: a blind deal gives it half the
    # time; kept in proportion, a fifth (1/4 against 1).
    view = ExpertPlayer(0, random.Random(9))
    hands = [view._deal_hidden([5, 7], 1, {5: 0.25}, view.rng)[0] for _ in range(4000)]
    assert hands.count(5) / len(hands) == pytest.approx(0.2, abs=0.03)
    # A card of weight 0 is never dealt to it, even on the first try.
    once = ExpertPlayer(0, random.Random(9), ExpertConfig(infer_tries=1))
    assert all(once._deal_hidden([5, 7], 1, {5: 0.0}, once.rng)[0] == 7 for _ in range(50))
    # Without weights the worlds are the plain shuffles of the hidden cards.
    a, b = random.Random(4), random.Random(4)
    order = [1, 2, 3, 4, 5]
    b.shuffle(order)
    assert ExpertPlayer(0, a)._deal_hidden([1, 2, 3, 4, 5], 2, {}, a) == order
