/* fuzz_gamefile.c — libFuzzer harness: session_load on arbitrary bytes, the
 * game file loader: header, then every body line replayed through the
 * command language with its digests checked.  Seeds: game files written by
 * running tests/scripts/ (tools/fuzz makes them). */
#include "fuzz_session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
