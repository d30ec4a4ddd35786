// Package localmail is a whole mail system in the process, on loopback: an
// IMAP server (go-imap's imapserver over imapmemserver) and an SMTP server
// (go-smtp) whose DATA appends each message to the INBOX of every
// recipient's local user. A sub-address, user+detail@domain, reaches user,
// as on every mail server pbemd's reply addresses rely on.
//
// It backs the tests of package mail and `pbemd demo`, so it must not import
// "testing": Start takes the small TB interface instead. It keeps everything
// in memory, accepts plain-text authentication, and must never listen on
// anything but 127.0.0.1.
package localmail
