/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SIGINT and SIGTERM end a run the way ping's end: no probe starts after
 * the first, the ids in flight are destroyed, and what finished is printed
 * with its statistics and the summary; the exit status is then 128 + the
 * signal (130, 143).  A second one within RR_SIGNAL_REPEAT_MS of the
 * first is the same request (timeout(1) sends two) and changes nothing;
 * a later one exits at once, with its status.  SIGPIPE (a reader that
 * went away) exits at once and quietly, 141.
 */
#ifndef RR_APP_SIGNALS_H
#define RR_APP_SIGNALS_H

#include <stdbool.h>

#define RR_SIGNAL_REPEAT_MS 2000

/*
 * Installs the handlers (without SA_RESTART: a wait ends on a signal); a
 * signal ignored when the program started stays ignored.
 */
void rr_signals_install(void);
/*
 * PATH is removed if a later signal (or SIGPIPE) ends the run; two at
 * most (-o's and --svg's hidden files): false when both slots are taken.
 */
bool rr_signals_unlink_on_exit(const char *path);
/* PATH no longer removed: it was renamed into place, or removed. */
void rr_signals_keep(const char *path);
/*
 * A descriptor that becomes readable (and stays so) once a stop is asked,
 * for a wait that polls; -1 when there is none.
 */
int rr_signals_stop_fd(void);
/* The signal that asked the run to stop, or 0. */
int rr_stop_signal(void);
/* SIGQUIT came since the last call: interim statistics are asked for. */
bool rr_interim_requested(void);

static inline bool rr_stop_requested(void)
{
	return rr_stop_signal() != 0;
}

#endif
