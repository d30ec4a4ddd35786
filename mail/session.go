package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// errConnClosed is returned when the server hangs up while we wait.
var errConnClosed = errors.New("mail: imap connection closed")

// session is one logged-in IMAP connection with the mailbox selected.
type session struct {
	in        *Intake
	dog       *watchdog          // the connection under c
	c         *imapclient.Client // nil until start
	stop      func() bool        // cancels closing the connection when ctx ends
	exists    chan struct{}      // signalled by unilateral EXISTS; capacity 1
	processed string             // the processed folder in the server's syntax
	validity  uint32             // UIDVALIDITY of the selected mailbox
	stale     bool               // select again before the next pass
	idle      bool               // the server offers IDLE (RFC 2177)
}

// connect dials, logs in, makes sure the processed folder exists and
// selects the mailbox. The connection is closed when ctx ends, as go-imap
// takes no context.
func (in *Intake) connect(ctx context.Context) (*session, error) {
	mode, err := in.opts.TLS.check()
	if err != nil {
		return nil, err
	}
	dog, err := in.dial(ctx)
	if err != nil {
		return nil, fmt.Errorf("mail: connect to imap %s: %w", in.opts.Addr, err)
	}
	s := &session{in: in, dog: dog, exists: make(chan struct{}, 1)}
	// When ctx ends the session says goodbye if it is idling (wait), and
	// is cut off after logoutGrace whatever it is doing.
	s.stop = context.AfterFunc(ctx, func() { time.AfterFunc(logoutGrace, func() { dog.Close() }) })
	if err := s.do(func() error { return s.start(mode) }); err != nil {
		s.close()
		return nil, err
	}
	return s, nil
}

// start secures the connection as mode asks, then logs in and selects the
// mailbox.
func (s *session) start(mode TLSMode) error {
	opts := &imapclient.Options{
		TLSConfig: s.in.tlsConfig(),
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Mailbox: func(d *imapclient.UnilateralDataMailbox) {
				if d.NumMessages != nil {
					s.notify()
				}
			},
		},
	}
	switch mode {
	case TLSImplicit:
		cfg := s.in.tlsConfig()
		if cfg.NextProtos == nil {
			cfg.NextProtos = []string{"imap"} // RFC 9051 §7.1.6 ALPN
		}
		conn := tls.Client(s.dog, cfg)
		if err := conn.Handshake(); err != nil {
			return fmt.Errorf("mail: tls with imap %s: %w", s.in.opts.Addr, err)
		}
		s.c = imapclient.New(conn, opts)
	case TLSStartTLS:
		var err error
		if s.c, err = imapclient.NewStartTLS(s.dog, opts); err != nil {
			return fmt.Errorf("mail: starttls with imap %s: %w", s.in.opts.Addr, err)
		}
	default:
		s.c = imapclient.New(s.dog, opts)
	}
	return s.open()
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
	return s.selectMailbox()
}

// selectMailbox selects the mailbox and notes its UIDVALIDITY.
func (s *session) selectMailbox() error {
	data, err := s.c.Select(s.in.opts.Mailbox, nil).Wait()
	if err != nil {
		return fmt.Errorf("mail: select %s: %w", s.in.opts.Mailbox, err)
	}
	s.validity, s.stale = data.UIDValidity, false
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
// one h accepted, and returns how many h accepted. Mail at or below the
// cursor was handled before (the move failed or never happened) and is
// only filed. After a UIDVALIDITY change every mail is handed over again.
// It stops at the first handler error. After a Poll it selects the mailbox
// again first.
func (s *session) pass(ctx context.Context, h Handler) (int, error) {
	if s.stale {
		if err := s.do(s.selectMailbox); err != nil {
			return 0, err
		}
	}
	s.drain()
	// Mail in the mailbox at the SEARCH below arrived before now: once
	// the pass is through, the handler has seen everything up to it.
	searched := s.in.clock.Now()
	cur, err := h.Cursor(ctx)
	if err != nil {
		return 0, &handlerError{err: fmt.Errorf("read cursor: %w", err)}
	}
	rescan := cur.UIDValidity != s.validity
	if rescan && cur.UIDValidity != 0 {
		s.in.log.Info("mailbox uidvalidity changed; rescanning", "was", cur.UIDValidity, "now", s.validity)
	}
	var found *imap.SearchData
	err = s.do(func() (err error) {
		found, err = s.c.UIDSearch(&imap.SearchCriteria{}, nil).Wait()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("mail: search %s: %w", s.in.opts.Mailbox, err)
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
		return 0, err
	}
	n, err := s.handAll(ctx, h, todo)
	if err != nil {
		return n, err
	}
	if sy, ok := h.(Syncer); ok {
		sy.Synced(searched)
	}
	return n, nil
}

// fileBatch is how many handled mails are filed with one STORE and MOVE:
// a MOVE per mail costs Dovecot milliseconds each, and a mail handled but
// not yet filed is safe, since the cursor says it was handled. It is also
// how many mails are fetched with one FETCH, up to fetchBytes: a FETCH per
// mail costs a round trip each.
const fileBatch = 50

// fetchBytes bounds the size of the mails fetched with one FETCH, which
// are held until handled; a larger mail is fetched alone.
const fetchBytes = 4 << 20

// handAll fetches, hands over and files the mail with the given UIDs,
// fetching and filing in batches, and always filing before it returns. It
// returns how many mails h accepted.
func (s *session) handAll(ctx context.Context, h Handler, uids []imap.UID) (accepted int, err error) {
	if len(uids) == 0 {
		return 0, nil
	}
	metas, err := s.metas(uids)
	if err != nil {
		return 0, err
	}
	var done []imap.UID
	defer func() {
		if ferr := s.file(done...); err == nil {
			err = ferr
		}
	}()
	for len(uids) > 0 {
		var batch []imap.UID
		batch, uids = s.nextBatch(uids, metas)
		fetched, err := s.fetch(batch, metas)
		if err != nil {
			return accepted, err
		}
		for _, m := range fetched {
			s.in.log.Debug("mail fetched", "uid", m.UID, "size", m.Size, "truncated", m.Truncated)
		}
		for len(fetched) > 0 {
			n, err := handle(ctx, h, fetched)
			for _, m := range fetched[:n] {
				done = append(done, imap.UID(m.UID))
			}
			accepted += n
			if err != nil {
				return accepted, &handlerError{uid: fetched[n].UID, err: err}
			}
			fetched = fetched[n:]
		}
		if len(done) >= fileBatch {
			if err := s.file(done...); err != nil {
				return accepted, err
			}
			done = done[:0]
		}
	}
	return accepted, nil
}

// handle hands mails to h, all at once if it takes them so (BatchHandler),
// else the first, and returns how many it handled.
func handle(ctx context.Context, h Handler, ms []Fetched) (int, error) {
	if bh, ok := h.(BatchHandler); ok {
		n, err := bh.HandleBatch(ctx, ms)
		if err == nil && n != len(ms) {
			err = fmt.Errorf("handled %d of %d mails and said nothing of the rest", n, len(ms))
		}
		return min(n, len(ms)), err
	}
	if err := h.Handle(ctx, ms[0]); err != nil {
		return 0, err
	}
	return 1, nil
}

// nextBatch splits off the mails to fetch with the next FETCH: up to
// fileBatch of them, together up to fetchBytes, or one; a mail over the
// size limit, fetched with its header only, goes alone. Mail expunged by
// someone else meanwhile, which has no meta, is left out.
func (s *session) nextBatch(uids []imap.UID, metas map[imap.UID]meta) (batch, rest []imap.UID) {
	size := int64(0)
	for i, uid := range uids {
		meta, ok := metas[uid]
		if !ok {
			continue
		}
		big := meta.size > s.in.opts.MaxMessageBytes
		if len(batch) > 0 && (big || len(batch) == fileBatch || size+meta.size > fetchBytes) {
			return batch, uids[i:]
		}
		batch, size = append(batch, uid), size+meta.size
		if big {
			return batch, uids[i+1:]
		}
	}
	return batch, nil
}

// meta is what the server knows of a mail before its body is read.
type meta struct {
	size    int64     // RFC822.SIZE
	arrived time.Time // INTERNALDATE
}

// metas fetches RFC822.SIZE and INTERNALDATE of the given mail.
func (s *session) metas(uids []imap.UID) (map[imap.UID]meta, error) {
	var msgs []*imapclient.FetchMessageBuffer
	err := s.do(func() (err error) {
		msgs, err = s.c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, RFC822Size: true, InternalDate: true}).Collect()
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("mail: fetch sizes: %w", err)
	}
	metas := make(map[imap.UID]meta, len(msgs))
	for _, m := range msgs {
		metas[m.UID] = meta{size: m.RFC822Size, arrived: m.InternalDate}
	}
	return metas, nil
}

// fetch reads mails with BODY.PEEK[], which leaves them unseen, in the
// order of uids; a mail over the size limit, which comes alone (nextBatch),
// with BODY.PEEK[HEADER] only. A mail that is gone is left out.
func (s *session) fetch(uids []imap.UID, metas map[imap.UID]meta) ([]Fetched, error) {
	if len(uids) == 0 {
		return nil, nil
	}
	sec := &imap.FetchItemBodySection{Peek: true}
	truncated := len(uids) == 1 && metas[uids[0]].size > s.in.opts.MaxMessageBytes
	if truncated {
		sec.Specifier = imap.PartSpecifierHeader
	}
	raws := map[imap.UID][]byte{}
	err := s.do(func() error {
		cmd := s.c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{sec}})
		for msg := cmd.Next(); msg != nil; msg = cmd.Next() {
			got, body, err := readBody(msg)
			if err != nil {
				return err // and never touch cmd again: see readBody
			}
			raws[got] = body
		}
		return cmd.Close()
	})
	if err != nil {
		return nil, fmt.Errorf("mail: fetch uids %v: %w", imap.UIDSetNum(uids...), err)
	}
	var out []Fetched
	for _, uid := range uids {
		if raw, ok := raws[uid]; ok {
			meta := metas[uid]
			out = append(out, Fetched{UIDValidity: s.validity, UID: uint32(uid), Raw: raw, Size: meta.size, Arrived: meta.arrived, Truncated: truncated})
		}
	}
	return out, nil
}

// readBody reads the UID and the one body section of a FETCH response, as
// FetchMessageData.Collect would. After a failed read the caller must drop
// the connection without using the command again: go-imap v2.0.0-beta.8
// then reads the broken literal a second time to discard it (in Next,
// Close and Collect), from this goroutine while its reader goroutine reads
// the same buffer, which the race detector reports.
func readBody(msg *imapclient.FetchMessageData) (imap.UID, []byte, error) {
	var (
		uid imap.UID
		raw []byte
	)
	for item := msg.Next(); item != nil; item = msg.Next() {
		switch item := item.(type) {
		case imapclient.FetchItemDataUID:
			uid = item.UID
		case imapclient.FetchItemDataBodySection:
			if item.Literal == nil {
				continue
			}
			b, err := io.ReadAll(item.Literal)
			if err != nil {
				return uid, nil, fmt.Errorf("read body: %w", err)
			}
			raw = b
		}
	}
	return uid, raw, nil
}

// file marks mail \Seen and moves it to the processed folder.
func (s *session) file(uids ...imap.UID) error {
	if len(uids) == 0 {
		return nil
	}
	set := imap.UIDSetNum(uids...)
	seen := &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagSeen}}
	return s.do(func() error {
		if err := s.c.Store(set, seen, nil).Close(); err != nil {
			return fmt.Errorf("mail: mark %v seen: %w", set, err)
		}
		if _, err := s.c.Move(set, s.processed).Wait(); err != nil {
			return fmt.Errorf("mail: move %v to %s: %w", set, s.processed, err)
		}
		return nil
	})
}

// wait returns when new mail may have arrived: on EXISTS while idling, after
// Poll, or with an error when the connection or ctx ends. The watchdog
// sleeps while idling, when the server has nothing to say; a server that
// died meanwhile is found when IDLE ends, at the latest after Poll.
// logoutGrace is how long a session may take to log out once the daemon
// stops: well within the 5 s a SIGTERM allows.
const logoutGrace = 2 * time.Second

func (s *session) wait(ctx context.Context) error {
	var (
		idle   *imapclient.IdleCommand
		exists chan struct{} // nil unless idling: only IDLE reports new mail
	)
	if s.idle {
		err := s.do(func() (err error) {
			idle, err = s.c.Idle() // returns once the server is idling
			return err
		})
		if err != nil {
			return fmt.Errorf("mail: start idle: %w", err)
		}
		exists = s.exists
	}
	t := s.in.clock.NewTimer(s.in.opts.Poll)
	defer t.Stop()
	select {
	case <-ctx.Done():
		// A clean shutdown: end IDLE and log out, as a mail client does,
		// within logoutGrace.
		if idle != nil {
			if err := idle.Close(); err == nil {
				idle.Wait()
			}
		}
		s.c.Logout().Wait()
		return ctx.Err()
	case <-s.c.Closed():
		return errConnClosed
	case <-t.C():
		// A server may keep a session on a mailbox that was deleted and
		// created again (imapmemserver does; Dovecot says BYE), so the
		// mailbox is selected again after each Poll: a new UIDVALIDITY
		// is seen within Poll.
		s.stale = true
	case <-exists:
	case <-s.in.poke:
	}
	if idle == nil {
		return nil
	}
	return s.do(func() error {
		if err := idle.Close(); err != nil {
			return fmt.Errorf("mail: stop idle: %w", err)
		}
		if err := idle.Wait(); err != nil {
			return fmt.Errorf("mail: idle: %w", err)
		}
		return nil
	})
}

// notify records that the mailbox grew; it never blocks the client's reader.
func (s *session) notify() {
	select {
	case s.exists <- struct{}{}:
	default:
	}
}

// drain forgets growth seen and pokes made before a pass, which the pass
// will answer.
func (s *session) drain() {
	for _, ch := range []chan struct{}{s.exists, s.in.poke} {
		select {
		case <-ch:
		default:
		}
	}
}

// logout says goodbye and closes the connection.
func (s *session) logout() error {
	err := s.do(func() error { return s.c.Logout().Wait() })
	s.close()
	if err != nil {
		return fmt.Errorf("mail: log out of imap: %w", err)
	}
	return nil
}

// close closes the connection without a goodbye.
func (s *session) close() {
	s.stop()
	if s.c != nil {
		s.c.Close()
	} else {
		s.dog.Close()
	}
}

// do runs IMAP commands under the watchdog, and says so when it was the
// watchdog that ended them.
func (s *session) do(commands func() error) error {
	s.dog.arm()
	err := commands()
	if s.dog.disarm() && err != nil {
		return fmt.Errorf("mail: no answer from imap %s within %v: %w", s.in.opts.Addr, s.in.opts.Timeout, err)
	}
	return err
}

// watchdog is the connection under an IMAP session. It closes the
// connection when a command has waited its timeout with not a byte from
// the server: once go-imap has sent a command, it waits for the first byte
// of the answer with no deadline, so a server that stalls would hang intake
// for good. It runs only while commands wait (session.do), not while the
// handler works or the session idles, when silence is normal. It measures
// real time, as the network does: a fake clock moved on to skip backoff
// must not cut healthy connections.
type watchdog struct {
	net.Conn
	timeout time.Duration
	timer   *time.Timer

	mu    sync.Mutex
	armed bool
	fired bool
}

func newWatchdog(c net.Conn, timeout time.Duration) *watchdog {
	w := &watchdog{Conn: c, timeout: timeout}
	w.timer = time.AfterFunc(timeout, w.fire)
	w.timer.Stop()
	return w
}

// Read passes on a read and, while armed, restarts the count.
func (w *watchdog) Read(p []byte) (int, error) {
	n, err := w.Conn.Read(p)
	if n > 0 {
		w.mu.Lock()
		if w.armed {
			w.timer.Reset(w.timeout)
		}
		w.mu.Unlock()
	}
	return n, err
}

func (w *watchdog) arm() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.armed, w.fired = true, false
	w.timer.Reset(w.timeout)
}

// disarm stops the count and reports whether it ran out since arm.
func (w *watchdog) disarm() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.armed = false
	w.timer.Stop()
	return w.fired
}

func (w *watchdog) fire() {
	w.mu.Lock()
	fire := w.armed
	w.fired = w.fired || fire
	w.mu.Unlock()
	if fire {
		w.Conn.Close()
	}
}
