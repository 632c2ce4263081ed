// Test helper: a UDP port free on loopback now (the OS picks it; the probe socket closes at
// once), for a test to listen on. 0 when none could be had.
#pragma once

#include <QHostAddress>
#include <QUdpSocket>

inline quint16 freeLoopbackUdpPort() {
  QUdpSocket probe;
  if (!probe.bind(QHostAddress::LocalHost, 0)) return 0;
  return probe.localPort();
}
