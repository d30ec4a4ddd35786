package workflow

import (
	"cmp"
	"crypto/sha256"
	"encoding/base32"
	"fmt"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// resign takes the player out of the campaign at their word, in two
// mails, so that a slip cannot do it: command: resign alone is answered
// with a code, and command: resign <code> resigns. The code is the seat's
// own, so only a player who read the answer can send it. The ruleset says
// what resigning does to the open turn's state (game.Resigner); the turn
// resolves at once if the player was the last it waited for, or if the
// ruleset ended the campaign with the resignation.
func (m *Moderation) resign(r *request) (Decision, error) {
	c, s := r.c.Clone(), r.seat
	s = c.Seat(s.Player)
	rs, err := m.Ruleset(c)
	if err != nil {
		return Decision{}, err
	}
	resigner, ok := rs.(game.Resigner)
	code := resignCode(c.ID, s)
	given := strings.TrimSpace(r.Sub.Command.Args)
	switch {
	case !ok:
		return r.refuse(report.NoResigning{Title: c.Title})
	case c.Status == store.Ended:
		return r.refuse(report.CampaignEnded{Campaign: c.ID})
	case given == "":
		return r.done("resignation asked", m.answer(r, report.ResignConfirm{Title: c.Title, Campaign: c.ID, Player: s.Player, Code: code}), Decision{})
	case !strings.EqualFold(given, code):
		return r.refuse(report.ResignWrongCode{Given: given})
	}
	var rec *store.TurnRecord
	if err := m.db.View(func(tx *store.Tx) (err error) { rec, err = tx.Turn(c.ID, c.Turn); return err }); err != nil {
		return Decision{}, err
	}
	next, events := resigner.Resign(rec.State, s.Player)
	out := report.Say(report.ResignedOut{})
	if p := next.Player(s.Player); p != nil {
		out = cmp.Or(p.Out, out)
	}
	s.Leave(out, c.Turn)
	mails := m.resignedMails(r.In.MessageID, c, s.Player, events)
	mails = append(mails, m.announcePolls(c, m.startPolls(c, rec.State, next), r.In.MessageID)...)
	audit := store.AuditEntry{At: m.clock.Now().UTC(), Who: string(s.Player), Action: "resigned", Detail: fmt.Sprintf("turn %d", c.Turn)}
	apply := Steps(putCampaign(c, c.Turn, audit), editState(c.ID, c.Turn, string(s.Player)+" resigned", func(st *campaign.State) { *st = *next }))
	d := Decision{Mails: mails, Apply: apply}
	if next.Over() {
		if d, err = m.endWith(c, next, d); err != nil {
			return Decision{}, err
		}
	}
	return r.done("resigned", m.answer(r, report.Resigned{Title: c.Title}), d)
}

// resignCode is the code that confirms a seat's resignation: derived from
// its token's hash, it is the same whenever the player asks, and nobody
// who has not read pbemd's answer knows it.
func resignCode(id campaign.ID, s *store.Seat) string {
	sum := sha256.Sum256(append([]byte("resign\x00"+string(id)+"\x00"+string(s.Player)+"\x00"), s.TokenHash...))
	code := base32.StdEncoding.EncodeToString(sum[:5])
	return code[:4] + "-" + code[4:]
}

// resignedMails tell every other player and the GM that player p
// resigned, each with the events of the resignation that concern them.
func (m *Moderation) resignedMails(base string, c *store.Campaign, p campaign.PlayerID, events []game.Event) []Outgoing {
	news := func(to campaign.PlayerID) []string {
		var out []string
		for _, e := range events {
			if to == "" || e.Concerns(to) {
				out = append(out, e.Text)
			}
		}
		return out
	}
	mails := m.tellPlayers(c, base, "resigned", p, func(o *store.Seat) report.Text {
		return report.PlayerResigned{Title: c.Title, Player: p, News: news(o.Player)}
	})
	return append(mails, m.ToGM(c, base, "resigned", report.PlayerResigned{Title: c.Title, Player: p, News: news("")}))
}
