package realmail

import (
	"context"
	"fmt"
	"net"
	"net/smtp"
)

// Send hands raw to Postfix over SMTP, as a mail client or a remote MTA
// would, with from as the envelope sender and to as the recipients; bare
// LF line ends become CRLF. It returns once Postfix has queued the mail,
// which Dovecot then files within moments: poll the mailbox for it.
func (s *System) Send(ctx context.Context, from string, to []string, raw []byte) error {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", s.SMTPAddr())
	if err != nil {
		return fmt.Errorf("realmail: dial smtp: %w", err)
	}
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	c, err := smtp.NewClient(conn, "127.0.0.1")
	if err != nil {
		conn.Close()
		return fmt.Errorf("realmail: smtp greeting: %w", err)
	}
	defer c.Close()
	if err := send(c, from, to, raw); err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("realmail: send from %s: %w", from, ctx.Err())
		}
		return fmt.Errorf("realmail: send from %s: %w", from, err)
	}
	return nil
}

// send runs one SMTP transaction and QUIT on a greeted connection.
func send(c *smtp.Client, from string, to []string, raw []byte) error {
	if err := c.Hello("client." + domain); err != nil {
		return err
	}
	if err := c.Mail(from); err != nil {
		return err
	}
	for _, rcpt := range to {
		if err := c.Rcpt(rcpt); err != nil {
			return fmt.Errorf("rcpt %s: %w", rcpt, err)
		}
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(raw); err != nil {
		w.Close()
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}
