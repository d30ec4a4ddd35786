package mail

import (
	"strings"

	"github.com/emersion/go-message"
)

// isAutomatic reports whether a header marks its mail as sent by a machine,
// which must never be answered automatically (RFC 3834 §2, §3.1.7).
func isAutomatic(h message.Header) bool {
	if v := h.Get("Auto-Submitted"); v != "" {
		// RFC 3834 §5: the keyword may carry parameters ("auto-replied; x=y").
		kw, _, _ := strings.Cut(v, ";")
		if !strings.EqualFold(strings.TrimSpace(kw), "no") {
			return true
		}
	}
	// Precedence is not standard (RFC 3834 §2 discourages relying on it),
	// but mailing lists set list or bulk, and some vacation programs
	// auto_reply.
	switch strings.ToLower(strings.TrimSpace(h.Get("Precedence"))) {
	case "bulk", "junk", "list", "auto_reply", "auto-reply":
		return true
	}
	for _, k := range []string{"List-Id", "List-Unsubscribe", "X-Autoreply", "X-Autorespond"} {
		if h.Has(k) {
			return true
		}
	}
	return false
}

// isBounce reports whether a mail is a delivery status notification: a null
// reverse path (RFC 5321 §4.5.5), a mailer daemon as sender, or a
// multipart/report body (RFC 6522).
func isBounce(h message.Header, from string) bool {
	if h.Has("Return-Path") {
		rp := strings.TrimSpace(h.Get("Return-Path"))
		if rp == "<>" || rp == "" {
			return true
		}
	}
	local, _, _ := strings.Cut(from, "@")
	if local == "mailer-daemon" || local == "postmaster" {
		return true
	}
	t, _, _ := h.ContentType()
	return t == "multipart/report"
}
