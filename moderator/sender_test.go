package moderator_test

import (
	"testing"

	"github.com/pbemd/pbemd/rules"

	"github.com/emersion/go-smtp"

	"github.com/pbemd/pbemd/config"
	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/mail/localmail"
	"github.com/pbemd/pbemd/moderator"
	"github.com/pbemd/pbemd/scenarios"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/store/storetest"
)

// TestRefusedMailDoesNotBlockTheOutbox: the SMTP server refuses one mail
// for good (550); it moves to the failed log and every other mail still
// goes out.
func TestRefusedMailDoesNotBlockTheOutbox(t *testing.T) {
	world := localmail.Start(t, localmail.Options{Domain: "example.test"})
	for _, u := range []string{"gm", "vorn", "castellan", "ashari", "tekkar"} {
		world.AddUser(u, password)
	}
	host, port := world.SMTPHostPort()
	db := storetest.Open(t)
	mod := moderator.New(moderator.Options{DB: db.DB, Rulesets: rules.Registry(), Address: "moderator@example.test",
		Sender: mail.NewSender(mail.SenderOptions{Host: host, Port: port, TLS: mail.TLSNone})})
	sc, err := config.ParseScenario("frontier.yaml", scenarios.Frontier, rules.Registry())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mod.CreateCampaign(t.Context(), sc); err != nil {
		t.Fatal(err)
	}
	world.FailNextData(&smtp.SMTPError{Code: 550, Message: "mailbox unavailable"})
	for range 10 {
		n, err := mod.Flush(t.Context())
		if err != nil {
			t.Fatalf("Flush = %v", err)
		}
		if n == 0 {
			break
		}
	}
	db.View(func(tx *store.Tx) error {
		left, _ := tx.Outbox(0)
		failed, _ := tx.Failed()
		sent, _ := tx.Sent()
		if len(left) != 0 || len(failed) != 1 || len(sent) != 8 {
			t.Errorf("outbox %d, failed %d, sent %d; want 0, 1 and 8", len(left), len(failed), len(sent))
		}
		if len(failed) == 1 && failed[0].Purpose != "welcome" {
			t.Errorf("failed mail = %+v, want the first welcome", failed[0])
		}
		return nil
	})
	for user, want := range map[string]int{"gm": 1, "vorn": 1, "castellan": 2, "ashari": 2, "tekkar": 2} {
		msgs, err := world.Mailbox(t.Context(), user, password, "INBOX")
		if err != nil {
			t.Fatal(err)
		}
		if len(msgs) != want {
			t.Errorf("%s got %d mails, want %d", user, len(msgs), want)
		}
	}
}
