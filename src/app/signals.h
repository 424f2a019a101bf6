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
 * Installs the handlers, without SA_RESTART so that a wait ends on a
 * signal.  They are installed even for a signal that was ignored when
 * the program started.
 */
void rr_signals_install(void);
/*
 * Removes PATH if a later signal (or SIGPIPE) ends the run; PATH is kept
 * as given, not copied.  There is a slot for -o's hidden file and one for
 * each side file's (--svg, --dot); returns false when all are taken.
 */
bool rr_signals_unlink_on_exit(const char *path);
/*
 * Stops removing PATH (the pointer given to rr_signals_unlink_on_exit());
 * call it once the file was renamed into place, or removed.
 */
void rr_signals_keep(const char *path);
/*
 * Returns a descriptor that becomes readable, and stays so, once a stop
 * is asked, for a wait that polls; -1 when there is none.
 */
int rr_signals_stop_fd(void);
/* Returns the signal that asked the run to stop, or 0. */
int rr_stop_signal(void);
/*
 * Returns true when SIGQUIT came since the last call: interim statistics
 * are asked for.
 */
bool rr_interim_requested(void);

/* Returns true once a signal has asked the run to stop. */
static inline bool rr_stop_requested(void)
{
	return rr_stop_signal() != 0;
}

#endif
