/* SHA-256 (FIPS 180-4), small and allocation-free, for a board where no library fits: the
 * firmware's MAVLink signing hashes with it. The ground station hashes with OpenSSL instead;
 * tests hold the two to the same digests and to FIPS 180-4's example vectors. */
#ifndef NAVIGATOR_MAVLINK_SHA256_H
#define NAVIGATOR_MAVLINK_SHA256_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { MAVLINK_SHA256_DIGEST_LEN = 32 };

/* The digest of data[0..length). */
void mavlink_sha256(const uint8_t* data, size_t length, uint8_t digest[MAVLINK_SHA256_DIGEST_LEN]);

#ifdef __cplusplus
}
#endif

#endif
