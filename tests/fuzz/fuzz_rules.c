/* fuzz_rules.c — libFuzzer harness: one rules (chart) file checked alone,
 * as `maniple --check` does (tables_check_file; its [file] table names
 * the chart, so one harness reaches every chart's reader).  Seeds:
 * rules/spqr/, tests/bad/rules-NAME.ini. */
#include "fuzz_util.h"

#include "maniple/tables.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[600];
	snprintf(path, sizeof path, "%s/rules.ini", fuzz_scratch());
	if (!fuzz_write(path, data, size))
		return 0;
	struct ini_error err;
	memset(&err, 0, sizeof err);
	if (!tables_check_file(path, &err)) {
		char buf[INI_ERR_MAX + 300];
		ini_error_format(&err, buf, sizeof buf);
	}
	return 0;
}
