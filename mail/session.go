package mail

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// errConnClosed is returned when the server hangs up while we wait.
var errConnClosed = errors.New("mail: imap connection closed")

// session is one logged-in IMAP connection with the mailbox selected.
type session struct {
	in        *Intake
	c         *imapclient.Client
	stop      func() bool   // cancels closing the connection when ctx ends
	exists    chan struct{} // signalled by unilateral EXISTS; capacity 1
	processed string        // the processed folder in the server's syntax
	validity  uint32        // UIDVALIDITY of the selected mailbox
	idle      bool          // the server offers IDLE (RFC 2177)
}

// connect dials, logs in, makes sure the processed folder exists and
// selects the mailbox. The connection is closed when ctx ends, as go-imap
// takes no context.
func (in *Intake) connect(ctx context.Context) (*session, error) {
	mode, err := in.opts.TLS.check()
	if err != nil {
		return nil, err
	}
	conn, err := in.dial(ctx)
	if err != nil {
		return nil, fmt.Errorf("mail: connect to imap %s: %w", in.opts.Addr, err)
	}
	s := &session{in: in, exists: make(chan struct{}, 1)}
	s.stop = context.AfterFunc(ctx, func() { conn.Close() })
	opts := &imapclient.Options{
		TLSConfig: in.tlsConfig(),
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Mailbox: func(d *imapclient.UnilateralDataMailbox) {
				if d.NumMessages != nil {
					s.notify()
				}
			},
		},
	}
	if mode == TLSStartTLS {
		s.c, err = imapclient.NewStartTLS(conn, opts)
		if err != nil {
			s.stop()
			conn.Close()
			return nil, fmt.Errorf("mail: starttls with imap %s: %w", in.opts.Addr, err)
		}
	} else {
		s.c = imapclient.New(conn, opts)
	}
	if err := s.open(); err != nil {
		s.close()
		return nil, err
	}
	return s, nil
}

// open logs in and selects the mailbox.
func (s *session) open() error {
	o := s.in.opts
	if err := s.c.Login(o.User, o.Password).Wait(); err != nil {
		return fmt.Errorf("mail: log in to imap %s as %s: %w", o.Addr, o.User, err)
	}
	s.idle = s.c.Caps().Has(imap.CapIdle) && !s.in.forcePoll
	if err := s.ensureProcessed(); err != nil {
		return err
	}
	data, err := s.c.Select(o.Mailbox, nil).Wait()
	if err != nil {
		return fmt.Errorf("mail: select %s: %w", o.Mailbox, err)
	}
	s.validity = data.UIDValidity
	return nil
}

// ensureProcessed finds the processed folder under the server's hierarchy
// delimiter, and creates it if it is missing.
func (s *session) ensureProcessed() error {
	name := s.in.opts.Processed
	root, err := s.c.List("", "", nil).Collect() // RFC 9051 §6.3.9: the delimiter
	if err != nil {
		return fmt.Errorf("mail: list hierarchy delimiter: %w", err)
	}
	if len(root) > 0 && root[0].Delim != 0 && root[0].Delim != '/' {
		name = strings.ReplaceAll(name, "/", string(root[0].Delim))
	}
	s.processed = name
	found, err := s.c.List("", name, nil).Collect()
	if err != nil {
		return fmt.Errorf("mail: list %s: %w", name, err)
	}
	if len(found) > 0 {
		return nil
	}
	err = s.c.Create(name, nil).Wait()
	var ie *imap.Error
	if errors.As(err, &ie) && ie.Code == imap.ResponseCodeAlreadyExists {
		err = nil
	}
	if err != nil {
		return fmt.Errorf("mail: create %s: %w", name, err)
	}
	s.in.log.Info("created processed folder", "folder", name)
	return nil
}

// pass hands every mail after the cursor to h, in UID order, and files each
// one h accepted. Mail at or below the cursor was handled before (the move
// failed or never happened) and is only filed. After a UIDVALIDITY change
// every mail is handed over again. It stops at the first handler error.
func (s *session) pass(ctx context.Context, h Handler) error {
	s.drain()
	cur, err := h.Cursor(ctx)
	if err != nil {
		return &handlerError{err: fmt.Errorf("read cursor: %w", err)}
	}
	rescan := cur.UIDValidity != s.validity
	if rescan && cur.UIDValidity != 0 {
		s.in.log.Info("mailbox uidvalidity changed; rescanning", "was", cur.UIDValidity, "now", s.validity)
	}
	found, err := s.c.UIDSearch(&imap.SearchCriteria{}, nil).Wait()
	if err != nil {
		return fmt.Errorf("mail: search %s: %w", s.in.opts.Mailbox, err)
	}
	uids := found.AllUIDs()
	slices.Sort(uids)
	var handled, todo []imap.UID
	for _, uid := range uids {
		// Filter here, not with UID n:*: that range always matches the
		// highest UID (RFC 9051 §6.4.8).
		if !rescan && uint32(uid) <= cur.LastUID {
			handled = append(handled, uid)
		} else {
			todo = append(todo, uid)
		}
	}
	if err := s.file(handled...); err != nil {
		return err
	}
	return s.handAll(ctx, h, todo)
}

// handAll fetches, hands over and files the mail with the given UIDs.
func (s *session) handAll(ctx context.Context, h Handler, uids []imap.UID) error {
	if len(uids) == 0 {
		return nil
	}
	sizes, err := s.sizes(uids)
	if err != nil {
		return err
	}
	for _, uid := range uids {
		size, ok := sizes[uid]
		if !ok {
			continue // expunged by someone else meanwhile
		}
		m, err := s.fetch(uid, size)
		if err != nil {
			return err
		}
		if m == nil {
			continue // expunged by someone else meanwhile
		}
		s.in.log.Debug("mail fetched", "uid", m.UID, "size", m.Size, "truncated", m.Truncated)
		if err := h.Handle(ctx, *m); err != nil {
			return &handlerError{uid: m.UID, err: err}
		}
		if err := s.file(uid); err != nil {
			return err
		}
	}
	return nil
}

// sizes fetches RFC822.SIZE of the given mail.
func (s *session) sizes(uids []imap.UID) (map[imap.UID]int64, error) {
	msgs, err := s.c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, RFC822Size: true}).Collect()
	if err != nil {
		return nil, fmt.Errorf("mail: fetch sizes: %w", err)
	}
	sizes := make(map[imap.UID]int64, len(msgs))
	for _, m := range msgs {
		sizes[m.UID] = m.RFC822Size
	}
	return sizes, nil
}

// fetch reads one mail with BODY.PEEK[], which leaves it unseen; a mail over
// the size limit with BODY.PEEK[HEADER] only. It returns nil if the mail is
// gone.
func (s *session) fetch(uid imap.UID, size int64) (*Fetched, error) {
	sec := &imap.FetchItemBodySection{Peek: true}
	truncated := size > s.in.opts.MaxMessageBytes
	if truncated {
		sec.Specifier = imap.PartSpecifierHeader
	}
	msgs, err := s.c.Fetch(imap.UIDSetNum(uid), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{sec}}).Collect()
	if err != nil {
		return nil, fmt.Errorf("mail: fetch uid %d: %w", uid, err)
	}
	for _, m := range msgs {
		if m.UID == uid {
			return &Fetched{UIDValidity: s.validity, UID: uint32(uid), Raw: m.FindBodySection(sec), Size: size, Truncated: truncated}, nil
		}
	}
	return nil, nil
}

// file marks mail \Seen and moves it to the processed folder.
func (s *session) file(uids ...imap.UID) error {
	if len(uids) == 0 {
		return nil
	}
	set := imap.UIDSetNum(uids...)
	seen := &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagSeen}}
	if err := s.c.Store(set, seen, nil).Close(); err != nil {
		return fmt.Errorf("mail: mark %v seen: %w", set, err)
	}
	if _, err := s.c.Move(set, s.processed).Wait(); err != nil {
		return fmt.Errorf("mail: move %v to %s: %w", set, s.processed, err)
	}
	return nil
}

// wait returns when new mail may have arrived: on EXISTS while idling, after
// Poll, or with an error when the connection or ctx ends.
func (s *session) wait(ctx context.Context) error {
	var (
		idle   *imapclient.IdleCommand
		exists chan struct{} // nil unless idling: only IDLE reports new mail
	)
	if s.idle {
		var err error
		if idle, err = s.c.Idle(); err != nil { // returns once the server is idling
			return fmt.Errorf("mail: start idle: %w", err)
		}
		exists = s.exists
	}
	t := s.in.clock.NewTimer(s.in.opts.Poll)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-s.c.Closed():
		return errConnClosed
	case <-t.C():
	case <-exists:
	}
	if idle == nil {
		return nil
	}
	if err := idle.Close(); err != nil {
		return fmt.Errorf("mail: stop idle: %w", err)
	}
	if err := idle.Wait(); err != nil {
		return fmt.Errorf("mail: idle: %w", err)
	}
	return nil
}

// notify records that the mailbox grew; it never blocks the client's reader.
func (s *session) notify() {
	select {
	case s.exists <- struct{}{}:
	default:
	}
}

// drain forgets growth seen before a pass, which the pass will find.
func (s *session) drain() {
	select {
	case <-s.exists:
	default:
	}
}

// logout says goodbye and closes the connection.
func (s *session) logout() error {
	err := s.c.Logout().Wait()
	s.close()
	if err != nil {
		return fmt.Errorf("mail: log out of imap: %w", err)
	}
	return nil
}

// close closes the connection without a goodbye.
func (s *session) close() {
	s.stop()
	s.c.Close()
}
