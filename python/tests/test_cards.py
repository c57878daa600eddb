"""Cards, holdings and starting hands: loki's conventions (README "Conventions")."""

from __future__ import annotations

import pytest

import loki
from conftest import holding_pairs


def test_card_index_convention():
    assert loki.Card("2c").index == 0
    assert loki.Card("2d").index == 1
    assert loki.Card("As").index == 51
    assert loki.Card("td").index == 4 * 8 + 1
    for i in range(52):
        c = loki.Card(i)
        assert int(c) == i and c.rank == i // 4 and c.suit == i % 4
        assert loki.Card(str(c)) == c
    assert str(loki.Card(50)) == "Ah"
    assert repr(loki.Card("Kc")) == "Card('Kc')"
    assert loki.Card("As") > loki.Card("Ks")
    assert len({loki.Card(i) for i in range(52)} | {loki.Card("As")}) == 52


def test_parse_cards_and_indices():
    assert [str(c) for c in loki.parse_cards("3h4cJh")] == ["3h", "4c", "Jh"]
    assert [str(c) for c in loki.parse_cards("3h 4c, Jh")] == ["3h", "4c", "Jh"]
    assert loki.card_indices("2c2d As") == [0, 1, 51]
    assert loki.card_indices([51, "Kd", loki.Card("2c")]) == [51, 45, 0]
    assert loki.parse_cards("") == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Xs", "bad rank 'X'"),
        ("Ax", "bad suit 'x'"),
        ("AsK", "incomplete card text"),
        ("AsAs", "duplicate card As"),
    ],
)
def test_bad_card_text_raises_card_error(text, message):
    with pytest.raises(loki.CardError, match=message):
        loki.parse_cards(text)


def test_bad_indices_raise():
    with pytest.raises(loki.CardError, match="card index must be 0 to 51, got 52"):
        loki.Card(52)
    with pytest.raises(loki.CardError, match="card index must be 0 to 51, got -1"):
        loki.Card(-1)
    with pytest.raises(loki.CardError, match="holding index must be 0 to 1325, got 1326"):
        loki.HoleCards(1326)
    with pytest.raises(loki.CardError, match="duplicate card"):
        loki.card_indices([3, 3])
    with pytest.raises(TypeError, match="expected a card"):
        loki.Card(1.5)
    assert issubclass(loki.CardError, loki.LokiError)
    assert issubclass(loki.LokiError, ValueError)


def test_holding_index_is_the_readme_formula_for_all_1326_pairs():
    pairs = holding_pairs()
    assert len(pairs) == loki.HOLDINGS == 1326
    for h, (i, j) in enumerate(pairs.tolist()):
        assert i * (103 - i) // 2 + (j - i - 1) == h
        assert loki.holding_index(i, j) == h
        assert loki.holding_index(j, i) == h
        assert loki.holding_cards(h) == (i, j)
    assert loki.HoleCards("2c2d").index == 0
    assert loki.HoleCards("AhAs").index == 1325
    assert loki.HoleCards("2cAs").index == 50
    assert loki.HoleCards("2d2h").index == 51
    with pytest.raises(loki.CardError):
        loki.holding_index(7, 7)


def test_hole_cards():
    h = loki.HoleCards("KdAs")
    assert h == loki.HoleCards("AsKd") == loki.HoleCards(("As", "Kd")) == loki.HoleCards([51, 45])
    assert str(h) == "AsKd"  # high card first
    assert h.low == loki.Card("Kd") and h.high == loki.Card("As")
    assert h.cards == (loki.Card("Kd"), loki.Card("As"))
    assert str(h.starting_hand) == "AKo"
    assert loki.HoleCards(int(h)) == h
    assert [x.index for x in loki.HoleCards.all()] == list(range(1326))
    with pytest.raises(loki.CardError, match="expected 2 cards, found 3"):
        loki.HoleCards("AsKdQc")


def test_starting_hands():
    hands = loki.StartingHand.all()
    assert len(hands) == loki.STARTING_HANDS == 169
    assert sum(s.combos for s in hands) == 1326
    assert sorted(h.index for s in hands for h in s.holdings()) == list(range(1326))
    aks = loki.StartingHand("AKs")
    assert aks.suited and not aks.pair and aks.combos == 4 and aks.high == 12 and aks.low == 11
    assert loki.StartingHand("QQ").combos == 6 and loki.StartingHand("T9o").combos == 12
    assert loki.StartingHand(loki.HoleCards("AsKs")) == aks
    assert loki.StartingHand("AsKs") == aks
    assert loki.StartingHand(aks.index) == aks
    for s in hands:
        assert all(h.starting_hand == s for h in s.holdings())
    with pytest.raises(loki.CardError, match="bad starting hand"):
        loki.StartingHand("AAs")
