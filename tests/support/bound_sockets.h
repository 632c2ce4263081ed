// Test helper: the IPv4 address a socket of this machine is bound to, read from the kernel's
// own table (/proc/net/tcp or /proc/net/udp: "sl local_address rem_address st ...", the local
// address as 8 hex digits in the host's byte order, then ":" and the port in hex), so a test can
// check another process's socket too. Empty when no socket of that protocol has the port.
#pragma once

#include <QFile>
#include <QString>
#include <QStringList>

#include <arpa/inet.h>
#include <cstdint>

// "tcp" or "udp"; for TCP only a listening socket (state 0A) counts.
inline QString boundIpv4Address(const char* protocol, int port) {
  QFile table(QStringLiteral("/proc/net/") + QLatin1String(protocol));
  if (!table.open(QIODevice::ReadOnly)) return QStringLiteral("(no /proc/net/%1)").arg(QLatin1String(protocol));
  const bool tcp = QLatin1String(protocol) == QLatin1String("tcp");
  table.readLine();  // the header
  while (!table.atEnd()) {
    const QStringList f = QString::fromLatin1(table.readLine()).simplified().split(' ');
    if (f.size() < 4) continue;
    const QStringList local = f[1].split(':');
    if (local.size() != 2 || local[1].toInt(nullptr, 16) != port) continue;
    if (tcp && f[3] != QLatin1String("0A")) continue;
    in_addr a{};
    a.s_addr = std::uint32_t(local[0].toUInt(nullptr, 16));  // already in network order as the kernel stores it
    char text[INET_ADDRSTRLEN] = {};
    ::inet_ntop(AF_INET, &a, text, sizeof text);
    return QString::fromLatin1(text);
  }
  return {};
}
