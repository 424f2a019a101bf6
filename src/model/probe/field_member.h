/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The generic accessors of the fields that are plain members (struct
 * rr_member), and the macros that write a row's columns.  Only the field
 * tables (fields.c) include this.
 */
#ifndef RR_FIELD_MEMBER_H
#define RR_FIELD_MEMBER_H

#include "model/probe/fields.h"

/* Reads F's member of R, or of PATH when F is a path field, into V. */
void rr_member_get(const struct rr_field *f, const struct rr_result *r,
		   const struct rr_path *path, struct rr_fval *v);
/* Reads F's member of hop H into V. */
void rr_member_get_hop(const struct rr_field *f, const struct rr_hop *h,
		       struct rr_fval *v);
/*
 * Stores V into F's member when it is in the member's bound (a name the
 * member's names have), and sets the bool that says it is there.  Returns
 * false otherwise, leaving R and PATH as they were.
 */
bool rr_member_set(const struct rr_field *f, struct rr_result *r,
		   struct rr_path *path, const struct rr_fval *v,
		   struct rr_fstore *store);

/*
 * A row's columns: where the member is (M in TYPE), how it says it is
 * there, its bound read back.  _SET: the generic setter only, the field
 * computing what it shows.  _GET: the generic getter only, the field
 * reading back in its own way.  NAMED: a code shown by NAMES (a function
 * of an int), read back from a name of the codes MIN to MAX.
 */
#define RR_MEMBER(kind, base, type, m, has, flag, max)			\
	.mem = { kind, base, offsetof(type, m),				\
		 sizeof(((type *)0)->m), has, flag, max, NULL, 0 }
#define RR_NAMED_MEMBER(base, type, m, has, flag, names, min, max)	\
	.mem = { RR_MEM_NAMED, base, offsetof(type, m),			\
		 sizeof(((type *)0)->m), has, flag, max, names, min }

#define R_NUM(m, has, max) .get = rr_member_get, .set = rr_member_set,	\
	RR_MEMBER(RR_MEM_UINT, RR_IN_RESULT, struct rr_result, m, has, 0, max)
#define R_NUM_IF(m, flag, max) .get = rr_member_get, .set = rr_member_set, \
	RR_MEMBER(RR_MEM_UINT, RR_IN_RESULT, struct rr_result, m, RR_HAS_FLAG, \
		  offsetof(struct rr_result, flag), max)
#define R_NUM_SET(m, max) .set = rr_member_set,				\
	RR_MEMBER(RR_MEM_UINT, RR_IN_RESULT, struct rr_result, m, RR_HAS_ALWAYS, \
		  0, max)
#define R_MS_IF(m, flag, max) .get = rr_member_get, .set = rr_member_set, \
	RR_MEMBER(RR_MEM_MS, RR_IN_RESULT, struct rr_result, m, RR_HAS_FLAG, \
		  offsetof(struct rr_result, flag), max)
#define R_TEXT(m) .get = rr_member_get, .set = rr_member_set,		\
	RR_MEMBER(RR_MEM_TEXT, RR_IN_RESULT, struct rr_result, m,	\
		  RR_HAS_NONZERO, 0, 0)
#define R_TEXT_SET(m) .set = rr_member_set,				\
	RR_MEMBER(RR_MEM_TEXT, RR_IN_RESULT, struct rr_result, m,	\
		  RR_HAS_NONZERO, 0, 0)
#define R_CHARS(m) .get = rr_member_get, .set = rr_member_set,		\
	RR_MEMBER(RR_MEM_CHARS, RR_IN_RESULT, struct rr_result, m,	\
		  RR_HAS_NONZERO, 0, 0)
/* A named code there when not 0 (0 is its "none"), or always. */
#define R_NAMED(m, names, min, max) .get = rr_member_get,		\
	.set = rr_member_set,						\
	RR_NAMED_MEMBER(RR_IN_RESULT, struct rr_result, m,		\
			(min) ? RR_HAS_NONZERO : RR_HAS_ALWAYS, 0, names, min, max)
#define R_NAMED_GET(m, names, has) .get = rr_member_get,		\
	RR_NAMED_MEMBER(RR_IN_RESULT, struct rr_result, m, has, 0, names, 0, 0)
/* A named code there when the chars of TEXT are not "". */
#define R_NAMED_BESIDE(m, text, names, max) .get = rr_member_get,	\
	.set = rr_member_set,						\
	RR_NAMED_MEMBER(RR_IN_RESULT, struct rr_result, m, RR_HAS_TEXT,	\
			offsetof(struct rr_result, text), names, 0, max)
#define P_NUM(m, max) .get = rr_member_get, .set = rr_member_set,	\
	RR_MEMBER(RR_MEM_UINT, RR_IN_PATH, struct rr_path, m, RR_HAS_ALWAYS, \
		  0, max)
#define P_NUM_IF(m, flag, max) .get = rr_member_get, .set = rr_member_set, \
	RR_MEMBER(RR_MEM_UINT, RR_IN_PATH, struct rr_path, m, RR_HAS_FLAG, \
		  offsetof(struct rr_path, flag), max)
#define P_NUM_SET(m, max) .set = rr_member_set,				\
	RR_MEMBER(RR_MEM_UINT, RR_IN_PATH, struct rr_path, m, RR_HAS_ALWAYS, \
		  0, max)
#define H_NUM(m, has) .get_hop = rr_member_get_hop,			\
	RR_MEMBER(RR_MEM_UINT, RR_IN_HOP, struct rr_hop, m, has, 0, 0)
#define H_NUM_IF(m, flag) .get_hop = rr_member_get_hop,			\
	RR_MEMBER(RR_MEM_UINT, RR_IN_HOP, struct rr_hop, m, RR_HAS_FLAG,	\
		  offsetof(struct rr_hop, flag), 0)
#define H_CHARS(m) .get_hop = rr_member_get_hop,				\
	RR_MEMBER(RR_MEM_CHARS, RR_IN_HOP, struct rr_hop, m, RR_HAS_NONZERO, \
		  0, 0)
#define H_NAMED(m, names) .get_hop = rr_member_get_hop,			\
	RR_NAMED_MEMBER(RR_IN_HOP, struct rr_hop, m, RR_HAS_ALWAYS, 0,	\
			names, 0, 0)
#define H_NAMED_IF(m, flag, names) .get_hop = rr_member_get_hop,	\
	RR_NAMED_MEMBER(RR_IN_HOP, struct rr_hop, m, RR_HAS_FLAG,	\
			offsetof(struct rr_hop, flag), names, 0, 0)

#endif
