"""Commands of trust between players: ``keygen``, ``sign``, ``pin``, ``reseed``, ``contribute``.

Private material (signing keys, dice seeds) lives in the keys directory of the person who runs the command
(``--keys DIR`` or ``AWAW_KEYS``), never in the store; the store gets only public keys, signatures and commitments.
"""

from __future__ import annotations

import click

from awaw_events import shared_dice
from awaw_events.events import DiceContributed, HandoffSigned, PlayerKeyPinned, SeedCommitted
from awaw_events.hosting import pin_key, sign_head
from awaw_events.hosting import reseed as reseed_timeline
from replays import formatting
from replays.cli.common import Context, command, domain_errors, json_option, pass_context, say


@command()
@click.argument("player")
@json_option
@pass_context
def keygen(obj: Context, player: str, as_json: bool) -> None:
    """The private key (sign/PLAYER.key) never leaves the keys directory; give the public key to the other players,
    who register it with `awaw new GAME --player PLAYER=PUBLIC_KEY` (or pin yours later: `awaw sign --pin`).

    \b
    Example:
      awaw keygen anna
    """
    keys = obj.keys()
    with domain_errors():
        public = keys.generate(player)
    if as_json:
        formatting.print_json({"player": player, "public_key": public, "keys": str(keys.directory)})
        return
    click.echo(public)
    click.echo(
        f"signing key for {player} kept in {keys.directory / 'sign'} (owner-only); "
        f"register it with: awaw new GAME --player {player}={public}",
        err=True,
    )


@command()
@click.argument("game")
@click.option("--as", "player", required=True, help="The player signing (a key made with `awaw keygen`).")
@click.option("--pin", is_flag=True, help="Register your public key in GAME first if it has none for you.")
@json_option
@pass_context
def sign(obj: Context, game: str, player: str, pin: bool, as_json: bool) -> None:
    """Every event up to the head is then vouched for by your key: `awaw verify` names any later change to them,
    even with every hash recomputed, and your keys directory remembers the hand-off, so your own verify also
    notices if the signature or the tail is cut off. --pin registers your key first when GAME has none for you,
    vouched for by the game's creator or a player whose key this keys directory holds (else `awaw pin`).

    \b
    Example:
      awaw sign mygame --as alice
    """
    keys = obj.keys()
    with obj.store() as store:
        record = sign_head(store, game, player, keys=keys, pin=pin)
    event = record.event
    assert isinstance(event, HandoffSigned)
    say(
        as_json,
        f"{player} signed event {event.at} of {game} (head {event.head[:12]}...) in event {record.seq}; "
        "export the log and send it",
        {"player": player, "at": event.at, "head": event.head, "seq": record.seq},
    )


@command()
@click.argument("game")
@click.argument("player")
@click.argument("public_key")
@json_option
@pass_context
def pin(obj: Context, game: str, player: str, public_key: str, as_json: bool) -> None:
    """The pin is signed with the creator's key (host.key) or a registered player's key held in your keys
    directory, so nobody else can register a key for a player; `awaw verify` lists each key, where it was
    pinned and who vouched for it.

    \b
    Example:
      awaw pin mygame bob \\
          3b6a27bcceb6a42d62a3a8d02a6f0d73653215771de243a63ac048a18b59da29
    """
    keys = obj.keys()
    with obj.store() as store:
        record = pin_key(store, game, player, public_key.strip().lower(), keys=keys)
    event = record.event
    assert isinstance(event, PlayerKeyPinned)
    say(
        as_json,
        f"pinned {player}'s key {event.public_key[:12]}... in event {record.seq} "
        f"(vouched for by {'the creator' if event.by == '@creator' else event.by or 'nobody'})",
        {"seq": record.seq, "player": player, "public_key": event.public_key, "by": event.by},
    )


@command()
@click.argument("game")
@click.option("--as", "player", help="Shared dice: the dice player committing a new secret of their own.")
@json_option
@pass_context
def reseed(obj: Context, game: str, player: str | None, as_json: bool) -> None:
    """Host dice: the commitment is signed with the game's creator key, so only its keys directory can reseed.
    Shared dice: --as PLAYER commits that player's own secret (signed with their key).

    \b
    Example:
      awaw reseed mygame --as alice
    """
    keys = obj.keys()
    with obj.store() as store:
        if player is not None:
            record = shared_dice.commit(store, game, player, keys=keys)
        else:
            record = reseed_timeline(store, game, keys=keys)
    event = record.event
    assert isinstance(event, SeedCommitted)
    say(
        as_json,
        f"committed a new dice seed in event {record.seq} for rolls from {event.first_roll} "
        f"(commitment {event.seed_commitment[:12]}...; the seed is in {keys.directory})",
        {"seq": record.seq, "first_roll": event.first_roll, "seed_commitment": event.seed_commitment},
    )


@command()
@click.argument("game")
@click.option("--as", "player", required=True, help="The dice player contributing (their secret and key).")
@click.option("--rolls", default=1, show_default=True, type=click.IntRange(1, shared_dice.MAX_CONTRIBUTIONS))
@json_option
@pass_context
def contribute(obj: Context, game: str, player: str, rolls: int, as_json: bool) -> None:
    """Each contribution is fixed by the secret you committed: publishing it early changes no roll, but whoever
    holds the other contributions can then compute those rolls (README: "Trust", the limits).

    \b
    Example:
      awaw contribute mygame --as bob --rolls 20
    """
    keys = obj.keys()
    with obj.store() as store:
        record = shared_dice.contribute(store, game, player, keys=keys, rolls=rolls)
    event = record.event
    assert isinstance(event, DiceContributed)
    last = event.first_roll + len(event.values) - 1
    say(
        as_json,
        f"{player} contributed to rolls #{event.first_roll} to #{last} of {game} (event {record.seq})",
        {"seq": record.seq, "player": player, "first_roll": event.first_roll, "last_roll": last},
    )
