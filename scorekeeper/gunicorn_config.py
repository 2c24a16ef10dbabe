"""gunicorn's settings for hosting Scorekeeper (README's "Hosting it"), read with its ``-c`` option:

    gunicorn -c python:scorekeeper.gunicorn_config -b 127.0.0.1:8000 'scorekeeper:create_app()'

Options given on the command line after it override it (``-w 4``, say). Why these: most of what a
hosted server is asked is the phones' live polls, one every 2.5 s from every phone of every table
(LIVE_POLL_MS), each a short answer. Threads (gthread) keep each phone's connection open between
its polls, waiting in the worker's poller rather than holding a thread, so a poll costs no new
connection; sync workers close every connection, wait for the client to close its side, and handle one
at a time each. README's "Hosting it" has the figures (bench/capacity.py --server).
"""

from __future__ import annotations

import os
import resource
import socket

# Python runs one thread at a time in a process: one worker per core
workers = int(os.environ.get("WEB_CONCURRENCY") or os.cpu_count() or 2)
worker_class = "gthread"
# threads answer while others wait on the database; no more than the database pool's 5 connections a process
# (SQLAlchemy's default): past them, each request would open and close a connection of its own (with 8 threads,
# PostgreSQL's CPU under 200 tables was 0.14 core instead of 0.06)
threads = 4
# seconds a phone's connection stays open after an answer: longer than the poll interval, so that a
# following phone keeps its connection (gunicorn's default, 2 s, closes it before each next poll)
keepalive = 30
# connections each worker keeps (every following phone holds one): at least phones / workers
worker_connections = 4000
# connections the system holds for the server before a worker takes them (gunicorn's 2048, capped by the
# system's net.core.somaxconn): phones that all connect at once, after the Wi-Fi came back say, are not dropped;
# with deferred accept, this also bounds the connections waiting for their first request
backlog = 4096


def on_starting(server) -> None:  # noqa: ANN001 - gunicorn's Arbiter
    """Let the workers keep worker_connections sockets open, as far as the system allows (they inherit it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = worker_connections + 100
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


# seconds a new connection may wait in the kernel for its first request before a worker sees it
DEFER_ACCEPT_SECONDS = 10


def when_ready(server) -> None:  # noqa: ANN001 - gunicorn's Arbiter
    """Hand a worker a new connection only once its request has arrived (Linux's TCP_DEFER_ACCEPT, nginx's
    ``deferred``): a client that connects before it sends, or sends slowly, holds no worker or thread meanwhile."""
    option = getattr(socket, "TCP_DEFER_ACCEPT", None)
    for listener in server.LISTENERS:
        if option is not None and listener.sock.family in (socket.AF_INET, socket.AF_INET6):
            listener.sock.setsockopt(socket.IPPROTO_TCP, option, DEFER_ACCEPT_SECONDS)


def post_worker_init(worker) -> None:  # noqa: ANN001 - gunicorn's Worker
    """A worker has loaded the app: keep what its start built out of the garbage collector's walks, as
    `scorekeeper serve` does (scorekeeper.server_started)."""
    from scorekeeper import server_started

    server_started()
