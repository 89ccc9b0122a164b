/* logged.h — tests' view of a logged event as a struct event.
 *
 * The event log keeps its events packed (event.h); a test that wants a
 * pointer to one of them, to hold several at once and read their fields,
 * gets it decoded into a ring of slots owned by the test process (each
 * Criterion test runs in its own process).  A pointer stays good for the
 * next LOGGED_SLOTS - 1 calls. */
#ifndef TESTS_LOGGED_H
#define TESTS_LOGGED_H

#include "logged.h"
#include "maniple/event.h"

#define LOGGED_SLOTS 64

static inline const struct event *logged_event(const struct event_log *log,
					 size_t i)
{
	static struct event ring[LOGGED_SLOTS];
	static unsigned next;
	struct event *e = &ring[next++ % LOGGED_SLOTS];
	event_log_at(log, i, e);
	return e;
}

#endif
