"""This computer's addresses on the local network, for `scorekeeper serve --lan`.

Read from the network interfaces (ifaddr: Linux, macOS and Windows alike),
falling back to the addresses the host name resolves to; nothing is ever
sent over the network.
"""

from __future__ import annotations

import ipaddress
import socket


def usable(addresses: list[str]) -> list[str]:
    """The addresses a phone on the same network could reach: no loopback, no link-local, each once, sorted.

    >>> usable(["127.0.0.1", "192.168.1.20", "169.254.3.4", "10.0.0.5", "192.168.1.20"])
    ['10.0.0.5', '192.168.1.20']
    """
    found = set()
    for text in addresses:
        try:
            address = ipaddress.IPv4Address(text)
        except ValueError:
            continue
        if not (address.is_loopback or address.is_link_local or address.is_unspecified or address.is_multicast):
            found.add(address)
    return [str(a) for a in sorted(found)]


def _from_interfaces() -> list[str]:
    import ifaddr

    try:
        adapters = ifaddr.get_adapters()
    except OSError:
        return []
    # ifaddr gives IPv4 addresses as text and IPv6 ones as tuples; phones are given IPv4 URLs
    return [ip.ip for adapter in adapters for ip in adapter.ips if isinstance(ip.ip, str)]


def _from_host_name() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [str(info[4][0]) for info in infos]


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses that other devices on the network can reach."""
    return usable(_from_interfaces()) or usable(_from_host_name())


def lan_urls(port: int) -> list[str]:
    """The web addresses phones can open when the app serves on every interface."""
    return [f"http://{address}:{port}" for address in lan_addresses()]
