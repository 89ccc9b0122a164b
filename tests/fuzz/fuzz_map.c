/* fuzz_map.c — libFuzzer harness: map_load on arbitrary bytes (the files of maps/
 * and tests/bad/map-NAME.ini seed the corpus).  A map is accepted or refused
 * with file:line: reason; anything else (a crash, a sanitizer report) is a
 * bug. */
#include "fuzz_util.h"

#include "maniple/map.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[600];
	snprintf(path, sizeof path, "%s/map.ini", fuzz_scratch());
	if (!fuzz_write(path, data, size))
		return 0;
	struct ini_error err;
	memset(&err, 0, sizeof err);
	struct map *m = map_load(path, &err);
	if (!m) {
		char buf[INI_ERR_MAX + 300];
		ini_error_format(&err, buf, sizeof buf);
	}
	map_free(m);
	return 0;
}
