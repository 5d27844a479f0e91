"""Chat fan-out: a message from one of 1,000 connected users reaching its room's members.

``python -m bench chat`` (``BENCH_CHAT_SOCKETS``, ``BENCH_CHAT_MESSAGES``) starts one
``sportello serve`` (SQLite, demo data, in-memory bus) and opens the sockets from this process,
logged in as the demo accounts in turn (agent, sub-agent, responsabile, referrer, admin,
employee), each subscribed to ``chat``. The agent writes in their support room: the room's
members (the agent's and the admins' sockets) must each receive each message, nobody else.
The peer, measured in the same run on the same sockets: an admin's quote status change on
``preventivi`` reaching the sockets that see the quote. Latency is from the call leaving the
sender to the event reaching each member.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import time
from collections.abc import Sequence
from typing import Any, cast

from bench.realtime.fanout import STATUSES
from bench.realtime.procs import Children
from bench.realtime.runner import new_folder, remove_folder
from bench.realtime.servers import HOST, seed, sportello_env, start_sportello
from bench.realtime.stats import percentile
from bench.realtime.wire import ScConnection

SOCKETS = int(os.environ.get("BENCH_CHAT_SOCKETS", "1000"))
MESSAGES = int(os.environ.get("BENCH_CHAT_MESSAGES", "200"))
ACCOUNTS = ("agente", "subagente", "responsabile", "segnalatore", "admin", "dipendente")
MEMBERS = frozenset({"agente", "admin"})
"""Who sees the agent's support room (SPEC: the user and the admins)."""
BATCH = 10
"""Sockets opened at once (the server bounds anonymous sockets per address)."""
PACE_S = 0.05


class Listener(ScConnection):
    """A load socket: the time each chat message and each quote change reached it."""

    heard: dict[str, float]

    def _record(self, channel: str, data: Any, at: float) -> None:
        if not isinstance(data, dict):
            return
        if channel == "chat":
            last = (data.get("c") or {}).get("last") or {}
            if isinstance(last.get("text"), str):
                self.heard[f"chat:{last['text']}"] = at
        elif channel == "preventivi":
            quote = data.get("p") or {}
            self.heard[f"quote:{quote.get('_id')}:{quote.get('status')}"] = at


async def _login(port: int, account: str) -> tuple[str, dict[str, Any]]:
    connection = await ScConnection.open(port, HOST)
    try:
        await connection.handshake(None)
        answer = await connection.invoke(
            "login", {"email": f"{account}@demo.it", "password": "demo1234", "keep": True}
        )
        return answer["token"], answer["u"]
    finally:
        await connection.close()


async def _open(port: int, token: str, quotes: bool = True) -> Listener:
    listener = cast(Listener, await Listener.open(port, HOST))  # `open` makes a `cls`
    listener.heard = {}
    await listener.handshake(token)
    await listener.subscribe("chat")
    if quotes:  # employees may not follow the quotes
        await listener.subscribe("preventivi")
    return listener


def _latencies(
    listeners: Sequence[tuple[str, Listener]], sent: dict[str, float], members: frozenset[str]
) -> tuple[list[float], int, int]:
    """Milliseconds from send to each member's receipt; missed deliveries; strays."""
    found: list[float] = []
    missed = strays = 0
    for account, listener in listeners:
        for key, at in sent.items():
            got = listener.heard.get(key)
            if account in members:
                if got is None:
                    missed += 1
                else:
                    found.append((got - at) * 1000)
            elif got is not None:
                strays += 1
    return found, missed, strays


async def _measure(port: int, quote_ids: Sequence[str]) -> list[tuple[str, str, str, str]]:
    tokens: dict[str, str] = {}
    users: dict[str, dict[str, Any]] = {}
    for account in ACCOUNTS:
        tokens[account], users[account] = await _login(port, account)
    listeners: list[tuple[str, Listener]] = []
    for start in range(0, SOCKETS, BATCH):
        accounts = [ACCOUNTS[n % len(ACCOUNTS)] for n in range(start, min(start + BATCH, SOCKETS))]
        opened = await asyncio.gather(
            *(_open(port, tokens[a], quotes=a != "dipendente") for a in accounts)
        )
        listeners.extend(zip(accounts, opened, strict=True))
    sender = await _open(port, tokens["agente"])
    admin = await _open(port, tokens["admin"])
    room = f"/support/{users['agente']['_id']}"
    await sender.invoke("sendChatMessage", {"roomId": room})
    sent_chat: dict[str, float] = {}
    for n in range(MESSAGES):
        text = f"bench {n}"
        at = time.monotonic()
        await sender.invoke("sendChatMessage", {"roomId": room, "text": text})
        sent_chat[f"chat:{text}"] = at
        await asyncio.sleep(PACE_S)
    sent_quotes: dict[str, float] = {}
    for n in range(MESSAGES):
        quote_id = quote_ids[n % len(quote_ids)]
        status = STATUSES[(n // len(quote_ids)) % 2]
        at = time.monotonic()
        body = {"coll": "preventivi", "_id": quote_id, "upd": {"$set": {"status": status}}}
        await admin.invoke("saveData", body)
        sent_quotes[f"quote:{quote_id}:{status}"] = at
        await asyncio.sleep(PACE_S)
    await asyncio.sleep(2)  # the last events on their way
    chat, chat_missed, strays = _latencies(listeners, sent_chat, MEMBERS)
    quote_members = frozenset({"agente", "responsabile", "admin", "segnalatore"})
    peer, peer_missed, _ = _latencies(listeners, sent_quotes, quote_members)
    for _account, listener in (*listeners, ("", sender), ("", admin)):
        await listener.close()
    members = sum(1 for account, _ in listeners if account in MEMBERS)

    def spread(values: list[float]) -> str:
        return f"{percentile(values, 0.5):.1f} / {percentile(values, 0.99):.1f}"

    ratio = statistics.median(chat) / statistics.median(peer)
    return [
        ("chat message → room members", spread(chat), spread(peer), f"{ratio:.2f}×"),
        ("deliveries (members × messages)", f"{len(chat):,} of {members * MESSAGES:,}",
         f"{len(peer):,}", f"missed {chat_missed}, strays {strays}, peer missed {peer_missed}"),
    ]  # fmt: skip


async def run() -> list[tuple[str, str, str, str]]:
    folder = new_folder()
    children = Children(folder)
    try:
        env = sportello_env(
            folder / "data", f"sqlite+aiosqlite:///{folder / 'bench.db'}", "memory://"
        )
        seeded = await seed(children, env, quotes=MESSAGES, policies=0)  # one change each
        server = await start_sportello(children, env, "sportello")
        return await _measure(server.port, seeded["quote_ids"])
    finally:
        await children.stop_all()
        remove_folder(folder)


def main() -> None:
    rows = asyncio.run(run())
    print()
    print(f"Chat on {SOCKETS:,} sockets ({', '.join(ACCOUNTS)} in turn), {MESSAGES} messages")
    print()
    print("| figure | chat p50 / p99 (ms) | peer: quote change p50 / p99 (ms) | ratio |")
    print("|---|---:|---:|---:|")
    for row in rows:
        print(f"| {' | '.join(row)} |")


if __name__ == "__main__":
    main()
