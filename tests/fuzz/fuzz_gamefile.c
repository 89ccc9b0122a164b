/* fuzz_gamefile.c — libFuzzer harness: session_load on arbitrary bytes, the
 * game file loader: header, then every body line replayed through the
 * command language with its digests checked.  Seeds: game files written by
 * running tests/scripts/ (tools/fuzz makes them).
 *
 * Format 2 files carry a hash chain (gamefile.h): a mutated line breaks it
 * and the load stops there, before any replay.  So the mutator rebuilds
 * the chain after each mutation of a format 2 input (seven times in eight;
 * the eighth leaves it as mutated, so the chain check is fuzzed too), and
 * the replay itself is still fuzzed. */
#include "fuzz_session.h"

#include <inttypes.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max,
			       unsigned int seed);

/* data[0, size) with every line's link made right (a line's text is what
 * comes before its last tab), cut at max bytes; returns the new size. */
static size_t rechain(uint8_t *data, size_t size, size_t max)
{
	char *out = malloc(max + 1);
	char *line = malloc(size + 1);
	if (!out || !line) {
		free(out);
		free(line);
		return size;
	}
	size_t at = 0, i = 0;
	uint64_t link = 0;
	while (i < size) {
		size_t e = i;
		while (e < size && data[e] != '\n')
			e++;
		size_t len = e - i;
		memcpy(line, data + i, len);
		line[len] = '\0';
		char *tab = memrchr(line, '\t', len);
		if (tab)
			*tab = '\0';
		link = gamefile_chain(link, line);
		char tail[20];
		snprintf(tail, sizeof tail, "\t%016" PRIx64, link);
		size_t tl = strlen(line);
		if (at + tl + strlen(tail) + 1 > max)
			break;
		memcpy(out + at, line, tl);
		at += tl;
		memcpy(out + at, tail, strlen(tail));
		at += strlen(tail);
		if (e < size)
			out[at++] = '\n';
		i = e + 1;
	}
	memcpy(data, out, at);
	free(out);
	free(line);
	return at;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max,
			       unsigned int seed)
{
	size = LLVMFuzzerMutate(data, size, max);
	static const char v2[] = "maniple-game 2\t";
	if (seed % 8 == 0 || size < sizeof v2 - 1 ||
	    memcmp(data, v2, sizeof v2 - 1) != 0)
		return size;
	return rechain(data, size, max);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[600];
	snprintf(path, sizeof path, "%s/fuzz.game", fuzz_scratch());
	if (!fuzz_write(path, data, size))
		return 0;
	struct session s;
	session_init(&s, fuzz_load_battle, fuzz_load_tables, NULL, 1);
	struct ini_error err;
	memset(&err, 0, sizeof err);
	if (!session_load(&s, path, &err)) {
		char buf[INI_ERR_MAX + 300];
		ini_error_format(&err, buf, sizeof buf);
	}
	session_free(&s);
	return 0;
}
