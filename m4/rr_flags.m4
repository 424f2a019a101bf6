# RR_CHECK_CFLAG(FLAG, ACTION-IF-OK, ACTION-IF-NOT)
# Compiles a trivial program with FLAG (and -Werror, so that a flag the
# compiler only warns about counts as unsupported).
AC_DEFUN([RR_CHECK_CFLAG], [
	AC_MSG_CHECKING([whether $CC accepts $1])
	rr_save_CFLAGS=$CFLAGS
	CFLAGS="$CFLAGS -Werror $1"
	AC_COMPILE_IFELSE([AC_LANG_PROGRAM([], [])],
		[AC_MSG_RESULT([yes]); $2], [AC_MSG_RESULT([no]); $3])
	CFLAGS=$rr_save_CFLAGS
])

# RR_CHECK_LDFLAG(FLAG, ACTION-IF-OK, ACTION-IF-NOT)
AC_DEFUN([RR_CHECK_LDFLAG], [
	AC_MSG_CHECKING([whether the linker accepts $1])
	rr_save_LDFLAGS=$LDFLAGS
	LDFLAGS="$LDFLAGS $1"
	AC_LINK_IFELSE([AC_LANG_PROGRAM([], [])],
		[AC_MSG_RESULT([yes]); $2], [AC_MSG_RESULT([no]); $3])
	LDFLAGS=$rr_save_LDFLAGS
])
