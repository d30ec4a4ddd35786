// Package realmail runs a real mail system for a test: a private Dovecot
// (IMAP, LMTP and its auth service) and a private Postfix, on random
// loopback ports, configured and kept in the test's temporary directory.
// Postfix takes mail for one domain over SMTP and delivers it through LMTP
// into the Dovecot Maildir of the local part's virtual user. Tests use it to
// run pbemd against the servers operators really run; package localmail is
// the in-process equivalent.
//
// It never touches system configuration, system services or syslog, and
// never listens on anything but 127.0.0.1. It must not be imported outside
// tests.
//
// # Requirements
//
// Debian's dovecot-imapd, dovecot-lmtpd (Dovecot 2.3) and postfix packages,
// and root: Postfix's master refuses to run as anyone else, and both
// daemons drop to their own system users (dovecot, dovenull, postfix).
// Where they are missing Start skips the test with one line saying what to
// install, unless the CI environment variable is set: there it fails, so CI
// cannot silently skip the end-to-end suite.
//
// # Why Postfix
//
// OpenSMTPD keeps its queue in /var/spool/smtpd and its control socket in
// /var/run, compiled in, so only one can run per machine and it needs those
// root-owned paths. Postfix takes its config, queue and data directories
// from main.cf, so every test gets an instance of its own. Its master logs
// to a file through postlogd, except for errors before its services are up
// (a port taken, say), which go only to syslog: Start then retries on fresh
// ports and reports the exit.
package realmail
