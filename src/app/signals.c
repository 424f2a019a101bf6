// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "app/signals.h"
#include "input/options.h"

static volatile sig_atomic_t stop_sig;
/* When the first stop signal came (CLOCK_MONOTONIC): written once, by it. */
static struct timespec stop_at;
static volatile sig_atomic_t interim_asked;
/*
 * A pipe written once a stop is asked: a wait that polls its read end
 * cannot miss a signal that came just before it began (a flag looked at
 * first can: the signal lands between the look and the wait).
 */
static int stop_pipe[2] = { -1, -1 };
/* Hidden files being written: -o's and each side file's. */
static const char *volatile unlink_paths[1 + RR_NUM_SIDES];

static void unlink_all(void)
{
	size_t i;

	for (i = 0; i < sizeof(unlink_paths) / sizeof(unlink_paths[0]); i++)
		if (unlink_paths[i])
			unlink(unlink_paths[i]);
}

/*
 * SIG handled by HANDLER, even where it was inherited ignored: a shell's
 * background job starts with SIGINT and SIGQUIT ignored, and `kill -INT`
 * must still stop it, as it stops ping and fping.  FLAGS without
 * SA_RESTART until the run stops: a wait (a name lookup's, a read) ends,
 * and the loop sees the signal at once.
 */
static void catch(int sig, void (*handler)(int), int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = flags;
	/* One stop handler at a time: the first is the first whole. */
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGINT);
	sigaddset(&sa.sa_mask, SIGTERM);
	sigaction(sig, &sa, NULL);
}

/* SIGQUIT: the statistics so far, and the run goes on (ping's). */
static void on_quit(int sig)
{
	interim_asked = 1;
}

/*
 * A repeat that comes within RR_SIGNAL_REPEAT_MS of the first stop signal
 * is the same request: timeout(1) signals the command and then its
 * process group, kill of a job's group and a terminal's Ctrl-C reach it
 * with its parent, a hand presses twice.
 */
static bool repeat_of_first(void)
{
	struct timespec now;
	long long ms;

	if (clock_gettime(CLOCK_MONOTONIC, &now))
		return false;
	ms = (long long)(now.tv_sec - stop_at.tv_sec) * 1000 +
	     (now.tv_nsec - stop_at.tv_nsec) / 1000000;
	return ms < RR_SIGNAL_REPEAT_MS;
}

static void on_stop(int sig)
{
	int saved = errno;	/* the interrupted code's */

	if (!stop_sig) {
		clock_gettime(CLOCK_MONOTONIC, &stop_at);
		stop_sig = sig;
		if (stop_pipe[1] >= 0) {
			ssize_t w = write(stop_pipe[1], "", 1);

			(void)w;	/* full or gone: the flag still says it */
		}
		/*
		 * From now on the run only ends: a repeat must not cut a
		 * write of the results short (stdio drops what an EINTR
		 * interrupted), so the calls it lands in resume.
		 */
		catch(SIGINT, on_stop, SA_RESTART);
		catch(SIGTERM, on_stop, SA_RESTART);
		catch(SIGQUIT, on_quit, SA_RESTART);
		errno = saved;
		return;
	}
	if (repeat_of_first()) {
		errno = saved;
		return;
	}
	/* A later one: the user does not want the summary any more. */
	unlink_all();	/* the half-written files */
	_exit(128 + sig);
}

/*
 * The reader went away (head, a closed pager): nothing more can reach it.
 * Quiet, at once, as a process SIGPIPE kills but with -o's hidden file
 * removed; the kernel destroys the ids with the RDMA CM's descriptor.
 */
static void on_pipe(int sig)
{
	unlink_all();
	_exit(128 + sig);
}

bool rr_signals_unlink_on_exit(const char *path)
{
	size_t i;

	for (i = 0; i < sizeof(unlink_paths) / sizeof(unlink_paths[0]); i++) {
		if (!unlink_paths[i]) {
			unlink_paths[i] = path;
			return true;
		}
	}
	return false;
}

void rr_signals_keep(const char *path)
{
	size_t i;

	for (i = 0; i < sizeof(unlink_paths) / sizeof(unlink_paths[0]); i++)
		if (unlink_paths[i] == path)
			unlink_paths[i] = NULL;
}

void rr_signals_install(void)
{
	struct sigaction sa;

	if (stop_pipe[0] < 0 && pipe2(stop_pipe, O_CLOEXEC | O_NONBLOCK))
		stop_pipe[0] = stop_pipe[1] = -1;	/* waits see the flag */

	catch(SIGINT, on_stop, 0);
	catch(SIGTERM, on_stop, 0);
	catch(SIGQUIT, on_quit, 0);
	/*
	 * SIGPIPE even where it was ignored (systemd's IgnoreSIGPIPE, some
	 * parents): a write to a closed reader ends the run the same way
	 * everywhere, instead of probing on for no one.
	 */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_pipe;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGPIPE, &sa, NULL);
}

int rr_signals_stop_fd(void)
{
	return stop_pipe[0];
}

int rr_stop_signal(void)
{
	return stop_sig;
}

bool rr_interim_requested(void)
{
	if (!interim_asked)
		return false;
	interim_asked = 0;
	return true;
}
