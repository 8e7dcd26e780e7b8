"""Commands of trust between players: ``keygen``, ``sign``, ``reseed`` (issue 17).

Private material (signing keys, dice seeds) lives in the keys directory of the person who runs the command
(``--keys DIR`` or ``AWAW_KEYS``), never in the store; the store gets only public keys, signatures and commitments.
"""

from __future__ import annotations

import click

from awaw_events.events import HandoffSigned, SeedCommitted
from awaw_events.hosting import reseed as reseed_timeline
from awaw_events.hosting import sign_head
from replays import formatting
from replays.cli.common import Context, command, domain_errors, json_option, pass_context, say


@command()
@click.argument("player")
@json_option
@pass_context
def keygen(obj: Context, player: str, as_json: bool) -> None:
    """Make an Ed25519 signing key for PLAYER in your keys directory and print its public key.

    The private key (sign/PLAYER.key) never leaves the keys directory; give the public key to the other players,
    who register it with `awaw new GAME --player PLAYER=PUBLIC_KEY` (or pin yours later: `awaw sign --pin`).
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
    """Sign the head of GAME as a player (a handoff_signed event) before handing the log over.

    Every event up to the head is then vouched for by your key: `awaw verify` names any later change to them,
    even with every hash recomputed, and your keys directory remembers the hand-off, so your own verify also
    notices if the signature or the tail is cut off.
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
@json_option
@pass_context
def reseed(obj: Context, game: str, as_json: bool) -> None:
    """Commit a new secret dice seed for GAME's next rolls (after a reveal, or for a game without one)."""
    keys = obj.keys()
    with obj.store() as store:
        record = reseed_timeline(store, game, keys=keys)
    event = record.event
    assert isinstance(event, SeedCommitted)
    say(
        as_json,
        f"committed a new dice seed in event {record.seq} for rolls from {event.first_roll} "
        f"(commitment {event.seed_commitment[:12]}...; the seed is in {keys.directory})",
        {"seq": record.seq, "first_roll": event.first_roll, "seed_commitment": event.seed_commitment},
    )
