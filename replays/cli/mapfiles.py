"""``awaw map compile``, ``decompile`` and ``check``: the compact source a person types turned into the canonical
per-hex YAML, any map-data file written back as a source (docs/map-source.md), and what a file gives, lacks and
unlocks. They work on files; none opens a store."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from replays.cli.common import Context, json_option, pass_context

if TYPE_CHECKING:
    from projections.rules.mapdata import MapData, MapFile
    from replays.mapwork.merging import Merged


def _read(path: Path) -> str:
    from awaw_events.errors import InputError

    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path.name} is not UTF-8 text: {exc}") from None
    except OSError as exc:
        raise InputError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None


def _write(output: Path | None, text: str) -> None:
    """Write ``text`` whole to ``output`` (standard output when None), never half a file."""
    from replays.cli import files

    if output is None:
        sys.stdout.write(text)
        return
    with files.replaced(output) as temp:
        temp.write_text(text, encoding="utf-8")


@click.command("compile")
@click.argument("source", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The map-data YAML to write (default: standard output).",
)
@json_option
@pass_context
def compile_(obj: Context, source: Path, output: Path | None, as_json: bool) -> None:
    """Compile the compact map source SOURCE into the per-hex map-data YAML that games use.

    Every problem names its line and column, and nothing is written. The YAML is canonical: the same facts always
    give the same file, with the source's leading comments as its header.

    \b
    Example:
      awaw map compile our-map.awmap -o our-map.yaml
    """
    from projections.rules.mapdata import MapData
    from replays import formatting
    from replays.cli.common import domain_errors
    from replays.mapwork import source as src

    with domain_errors():
        if output is not None:
            _refuse_overwriting(output, obj.db)
        text = _read(source)
        data = MapData.of(src.compile_source(text))
        yaml_text = src.emit_yaml(data, header=src.leading_comments(text))
        _write(output, yaml_text)
    extent = {e.map: len(data.extent_of(e.map) or ()) for e in data.extent}
    summary = {
        "source": str(source),
        "output": str(output) if output else None,
        "name": data.name,
        "version": data.version,
        "sha256": data.sha256,
        "hexes": len(data.hexes),
        "hexsides": len(data.hexsides),
        "extent": extent,
    }
    if as_json:
        formatting.print_json(summary)
    elif output is not None:
        sizes = ", ".join(f"{m} {n:,} hexes" for m, n in extent.items()) or "none"
        click.echo(
            f"wrote {output}: {data.name} version {data.version}, {len(data.hexes):,} hex and "
            f"{len(data.hexsides):,} hexside entries, extent {sizes}, sha256 {data.sha256[:12]}...",
            err=True,
        )


@click.command("decompile")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The compact source to write (default: standard output).",
)
@pass_context
def decompile(obj: Context, file: Path, output: Path | None) -> None:
    """Write the map-data file FILE back as a compact source, which `awaw map compile` reads to the same facts.

    \b
    Example:
      awaw map decompile our-map.yaml -o our-map.awmap
    """
    from replays.cli.common import domain_errors
    from replays.maps import load_map_file
    from replays.mapwork import source as src

    with domain_errors():
        if output is not None:
            _refuse_overwriting(output, obj.db)
        loaded = load_map_file(file)
        text = src.decompile(loaded.data, header=src.leading_comments(loaded.content.decode("utf-8")) or None)
        _write(output, text)
    if output is not None:
        click.echo(f"wrote {output}: the source of {loaded.data.name} version {loaded.data.version}", err=True)


def _refuse_overwriting(output: Path, db: str) -> None:
    """An output file that is the store or holds something other than map data is never written over."""
    from replays.cli import files

    files.check_target(output, db)
    if output.exists() and output.stat().st_size:
        head = output.read_bytes()[:4096]
        if b"awaw-map-data/1" not in head and b"awaw-map-source/1" not in head:
            raise files.OutputError(f"{str(output)!r} exists and is not map data; refusing to write over it")


@click.command("check")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--area",
    "areas",
    multiple=True,
    help="Count completeness over these hexes only (blocks as printed, EUR:G24..R44); repeatable.",
)
@json_option
def check(file: Path, areas: tuple[str, ...], as_json: bool) -> None:
    """Check the map-data file FILE: what it gives, what it lacks, and which rules it lets the audit check.

    The extent of each map; how many hexes give each fact (terrain over every hex, the land facts over the hexes not
    known to be sea), confirmed or only sampled, per map and per country; the facts of the rule texts it lacks or
    contradicts; what its own facts contradict; the rules it unlocks, and the rules still not checked for lack of a
    fact it gives nowhere.

    \b
    Example:
      awaw map check our-map.yaml --area EUR:G24..R44
    """
    import msgspec

    from replays import formatting
    from replays.cli.common import domain_errors
    from replays.maps import load_map_file, shipped_map_data
    from replays.mapwork.check import check_map, lines
    from replays.pictures.board import area_of, area_words

    with domain_errors():
        loaded = load_map_file(file)
        chosen = area_of(areas) if areas else None
        area = frozenset(h for hexes in chosen.values() for h in hexes) if chosen else None
        report = check_map(
            loaded.data, shipped_map_data().data, area=area, area_words=area_words(chosen) if chosen else ""
        )
    if as_json:
        data = msgspec.to_builtins(report)
        data["rules_unlocked"] = [r.check for r in report.rules if r.unlocked]
        data["rules_lacking"] = {r.check: list(r.lacks) for r in report.rules if r.lacks}
        formatting.print_json(data)
        return
    for line in lines(report):
        click.echo(line)


@click.command("use")
@click.argument("game")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--reason", default="", help="Why the game moves to this map data (recorded with the change).")
@click.option("--agreed-by", "agreed_by", multiple=True, help="A player who agreed to the change; repeatable.")
@click.option("--yes", is_flag=True, help="Append without asking.")
@click.option("--dry-run", is_flag=True, help="Show what the change does, and append nothing.")
@json_option
@pass_context
def use(
    obj: Context,
    game: str,
    file: Path,
    reason: str,
    agreed_by: tuple[str, ...],
    yes: bool,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Move GAME to the map data of FILE (a newer version of its map), recorded as a map_data_changed event.

    First it lists what the change does: the hexes the game has used that the new extent leaves out, the facts of
    those hexes the new data gives otherwise or no longer gives, and what the audit of the game's events would find
    with the new data that it does not find now; then it asks. The events before the change keep the map data they
    were played with; the checks read the new data from the change on.

    \b
    Example:
      awaw map use mygame our-map-v2.yaml --reason "rivers fixed" --agreed-by anna
    """
    from replays import formatting
    from replays.cli.common import domain_errors
    from replays.maps import load_map_file
    from replays.mapwork.versions import append_change, change_data, change_lines, plan_change

    with obj.store() as store, domain_errors():
        loaded = load_map_file(file)
        change = plan_change(store, game, loaded, reason=reason, agreed_by=agreed_by)
        if not as_json:
            for line in change_lines(change):
                click.echo(line)
            click.echo(f"{'would append' if dry_run else 'to append'}: event {change.events + 1} map_data_changed")
        if dry_run:
            if as_json:
                formatting.print_json({"dry_run": True, **change_data(change)})
            return
        if not yes and not click.confirm("Append these events?", default=False, err=True):
            click.echo("nothing was written", err=True)
            sys.exit(1)
        record = append_change(store, change, loaded)
    if as_json:
        formatting.print_json({"appended": record.seq, **change_data(change)})
    else:
        click.echo(
            f"recorded in event {record.seq}: {game} uses {loaded.data.name} version {loaded.data.version} from here on"
        )


@click.command("merge")
@click.argument("base", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.argument("other", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "-o", "--output", required=True, type=click.Path(dir_okay=False, path_type=Path), help="The map-data file to write."
)
@click.option(
    "--prefer",
    type=click.Choice(["base", "other"]),
    help="Whose value a contradiction keeps (without it, a contradiction writes nothing).",
)
@click.option(
    "--version",
    "version",
    metavar="TEXT",
    help="The merged file's version; required when the merged facts differ from BASE's.",
)
@json_option
@pass_context
def merge(
    obj: Context, base: Path, other: Path, output: Path, prefer: str | None, version: str | None, as_json: bool
) -> None:
    """Add the facts of the map-data file OTHER to those of BASE, and write the merged file.

    A fact only OTHER gives is added; a fact both give alike is kept once. A sampled fact never overrides a
    confirmed one (the sampled value is set aside). Two confirmed (or two sampled) values that differ, or two
    extents of a map that differ, are contradictions: each is listed with both values and nothing is written
    unless --prefer says whose value wins. The merged file keeps BASE's name; where its facts differ from BASE's,
    --version gives it a version of its own (a game records name, version and hash: two files of one name and
    version never hold different facts), and without it nothing is written.

    \b
    Example:
      awaw map merge ours.yaml anna.sampled.yaml -o merged.yaml --version 2
    """
    from typing import cast

    from projections.rules.mapdata import MapData
    from replays import formatting
    from replays.cli.common import domain_errors
    from replays.maps import load_map_file
    from replays.mapwork import source as src
    from replays.mapwork.merging import Prefer
    from replays.mapwork.merging import merge as merged_of

    with domain_errors():
        _refuse_overwriting(output, obj.db)
        ours, theirs = load_map_file(base), load_map_file(other)
        done = merged_of(ours.data, theirs.data, prefer=cast("Prefer | None", prefer))
        data = MapData.of(done.file) if done.file is not None else None
        if data is not None:
            data = _versioned(data, done.file, ours.data, version)
            header = src.leading_comments(ours.content.decode("utf-8"))
            _write(output, src.emit_yaml(data, header=header))
    summary = {
        "base": str(base),
        "other": str(other),
        "output": str(output) if data is not None else None,
        "written": data is not None,
        "prefer": prefer,
        "version": data.version if data is not None else None,
        "sha256": data.sha256 if data is not None else None,
        "added": list(done.added),
        "confirmed": list(done.confirmed),
        "set_aside": list(done.set_aside),
        "contradictions": [
            {"entry": c.entry, "fact": c.fact, "base": c.base, "other": c.other} for c in done.contradictions
        ],
    }
    if as_json:
        formatting.print_json(summary)
    else:
        version_of = data.version if data is not None else None
        for line in _merge_lines(done, base, other, output if data is not None else None, version_of):
            click.echo(line, err=data is None)
    if data is None:
        sys.exit(1)


def _versioned(data: MapData, file: MapFile | None, base: MapData, version: str | None) -> MapData:
    """The merged data under its version: BASE's where the facts are BASE's, ``version`` where they differ (which
    must then be given and differ from BASE's: a game names its map data by name, version and hash)."""
    import msgspec

    from projections.rules.mapdata import MapData

    if version is None and data.sha256 == base.sha256:
        return data
    if version is None or version == base.version:
        said = "no --version" if version is None else f"--version {version!r}, which is BASE's"
        raise click.UsageError(
            f"the merged facts differ from BASE's ({base.name} version {base.version!r}) and {said} was given: "
            f"give the merged file a version of its own, for example --version {_next_version(base.version)!r}; "
            "nothing was written"
        )
    if not 1 <= len(version) <= 40:
        raise click.UsageError(f"--version {version!r}: a version is 1 to 40 characters; nothing was written")
    assert file is not None
    return MapData.of(msgspec.structs.replace(file, version=version))


def _next_version(version: str) -> str:
    """A suggestion for the version after ``version`` (``2`` after ``1``, ``1.4`` after ``1.3``)."""
    head, dot, last = version.rpartition(".")
    return f"{head}{dot}{int(last) + 1}" if last.isdigit() else f"{version}.1"


def _merge_lines(done: Merged, base: Path, other: Path, output: Path | None, version: str | None = None) -> list[str]:
    """What ``awaw map merge`` did, in words (80 columns)."""
    out: list[str] = []
    for c in done.contradictions:
        out += [
            f"contradiction: {c.entry} {c.fact}",
            f"  BASE {base.name}: {c.base}",
            f"  OTHER {other.name}: {c.other}",
        ]
    if output is None:
        out.append(
            f"nothing written: {len(done.contradictions)} contradictions; choose with --prefer base or --prefer other"
        )
        return out
    if done.contradictions:
        kept = base.name if done.prefer == "base" else other.name
        out.append(f"{len(done.contradictions)} contradictions: kept the value of {kept} (--prefer {done.prefer})")
    out.append(f"wrote {output} (version {version}): {len(done.added)} facts of {other.name} added to {base.name}")
    if done.confirmed:
        out.append(f"  {len(done.confirmed)} facts {base.name} only sampled are confirmed by {other.name}")
    if done.set_aside:
        out.append(f"  {len(done.set_aside)} sampled facts set aside for a confirmed one (--json lists them)")
    if not done.added and not done.confirmed and not done.contradictions:
        out.append(f"  {other.name} gives no fact that {base.name} lacks: the file is {base.name}'s facts")
    return out
