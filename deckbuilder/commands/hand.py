"""deckbuilder hand DECK — one 8-card setup hand, the suggested keep/resources/mulligan of the
greedy policy, and the exact odds of key setup-hand facts (SPEC §7)."""

from __future__ import annotations

from deckbuilder.commands import add_command, db_path, policy_choices, print_json, table
from deckbuilder.plurals import counted


def register(subparsers) -> None:
    parser = add_command(
        subparsers,
        "hand",
        run,
        help="draw a setup hand: suggested keep, resources, mulligan, and exact odds",
        choices=policy_choices,
    )
    parser.add_argument("deck", metavar="DECK", help="deck file (.txt, .o8d, .json)")
    parser.add_argument("--seed", type=int, default=None, metavar="S", help="shuffle seed")
    parser.add_argument(
        "--policy", default="greedy", metavar="P", help="policy that suggests (default greedy)"
    )


def load_goldfish_deck(args):
    """The deck of ``args.deck`` checked for the engine (shared with ``goldfish``). Read
    against the printings of its titles only (the whole pool when that read is not certain):
    loading every card cost more than the rest of a short goldfish run."""
    from card_db.errors import DeckbuilderError
    from deckbuilder.partial_pool import read_decks_quickly

    (deck,), _pool = read_decks_quickly([args.deck], db_path(args))
    if deck.draw_count <= 8:
        raise DeckbuilderError(
            f"{args.deck}: {deck.draw_count} draw-deck cards; a game needs more than the 8 "
            "of the setup hand"
        )
    return deck


def policy_by_name(name: str):
    from card_db.errors import DeckbuilderError
    from deckbuilder.engine.policies import get_policy

    try:
        return get_policy(name)
    except KeyError as exc:
        raise DeckbuilderError(str(exc.args[0])) from None


def _card_json(game, instance: int) -> dict:
    card = game.card(instance)
    return {
        "id": card.id,
        "title": card.full_title,
        "type": card.type,
        "faction": card.faction,
        "cost": "X" if card.cost_is_x else card.cost,  # a number, as in search --json
    }


def _split(game, policy) -> dict:
    hand = list(game.hand)
    resources = policy.setup_resources(game)
    return {
        "setup_hand": [_card_json(game, i) for i in hand],
        "keep": [_card_json(game, i) for i in hand if i not in resources],
        "resources": [{"domain": d + 1, **_card_json(game, i)} for d, i in enumerate(resources)],
    }


def run(args) -> int:
    import random

    from deckbuilder.engine.game import MULLIGAN, Action, Game
    from deckbuilder.odds import setup_hand_facts

    policy = policy_by_name(args.policy)
    deck = load_goldfish_deck(args)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    game = Game.new(deck, seed=seed)
    mulligan = policy.mulligan(game)
    document = {"deck": deck.name, "cards": deck.draw_count, "seed": seed, "policy": args.policy}
    document.update(_split(game, policy))
    document["mulligan"] = mulligan
    if mulligan:
        game.apply(Action(MULLIGAN))  # the hand goes back into the deck, 8 new cards
        if not game.is_over:
            document["after_mulligan"] = _split(game, policy)
    document["odds"] = {f.key: f.to_json() for f in setup_hand_facts(deck)}
    if args.json:
        print_json(document)
        return 0
    _print(document)
    return 0


def _line(card: dict) -> str:
    cost = f" ({card['cost']})" if card["cost"] is not None else ""
    return f"{card['title']}{cost} - {card['type']}, {card['faction']}"


def _print_split(split: dict, heading: str) -> None:
    print(heading)
    for card in split["setup_hand"]:
        print(f"  {_line(card)}")
    print("Keep:")
    for card in split["keep"]:
        print(f"  {_line(card)}")
    print("Resources:")
    for card in split["resources"]:
        print(f"  domain {card['domain']}: {_line(card)}")


def _print(document: dict) -> None:
    print(f"{document['deck']} ({counted(document['cards'], 'card')}), seed {document['seed']}")
    _print_split(document, "Setup hand:")
    if document["mulligan"]:
        print(f"Mulligan: yes (suggested by the {document['policy']} policy)")
        if "after_mulligan" in document:
            _print_split(document["after_mulligan"], "After the mulligan (must keep):")
    else:
        print("Mulligan: no")
    rows = [
        [o["description"], f"{o['probability']:.1%}", f"{o['with_mulligan']:.1%}"]
        for o in document["odds"].values()
    ]
    print()
    print("Exact odds for an 8-card setup hand:")
    print(table(rows, ["fact", "one hand", "with a mulligan"]))
