/* sha256.h — SHA-256 (FIPS 180-4), for the game file's hash chain and
 * seed commitment (gamefile.h). */
#ifndef MANIPLE_SHA256_H
#define MANIPLE_SHA256_H

#include <stddef.h>
#include <stdint.h>

struct sha256 {
	uint32_t h[8];
	uint64_t len; /* bytes so far */
	unsigned char buf[64];
	size_t nbuf;
};

void sha256_init(struct sha256 *c);
void sha256_add(struct sha256 *c, const void *data, size_t n);
void sha256_end(struct sha256 *c, unsigned char out[32]);
/* The digest of data as 64 lower-case hex digits and a NUL. */
void sha256_hex(const void *data, size_t n, char out[65]);

#endif
