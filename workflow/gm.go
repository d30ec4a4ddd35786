package workflow

import (
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// gmVerb carries out one of the GM's commands: r is the GM's mail, c a
// copy of its campaign for the verb to change, and audit the entry of the
// campaign's log the verb writes, at the time the command is carried out.
type gmVerb func(m *Moderation, r *request, c *store.Campaign, audit store.AuditEntry) (Decision, error)

// gmVerbs are the GM's commands by the word after "command:", one file
// each (gm_<verb>.go). Those the players' table lacks only the GM may give.
var gmVerbs = map[string]gmVerb{
	"status":    (*Moderation).gmStatus,
	"preview":   (*Moderation).gmPreview,
	"process":   (*Moderation).gmProcess,
	"deadline":  (*Moderation).gmDeadline,
	"pause":     (*Moderation).gmPause,
	"resume":    (*Moderation).gmResume,
	"rollback":  (*Moderation).gmRollback,
	"replace":   (*Moderation).gmReplace,
	"drop":      (*Moderation).gmDrop,
	"token":     (*Moderation).newGMToken,
	"broadcast": (*Moderation).gmBroadcast,
}

// gmOnly reports whether only the GM may give the command verb.
func gmOnly(verb string) bool {
	_, gm := gmVerbs[verb]
	_, player := playerVerbs[verb]
	return gm && !player
}

// gmCommand carries out a command from the authenticated GM.
func (m *Moderation) gmCommand(r *request) (Decision, error) {
	cmd := r.Sub.Command
	c := *r.c
	c.Players = append([]store.Seat(nil), r.c.Players...)
	verb, ok := gmVerbs[cmd.Verb]
	if !ok {
		return r.refuse(report.NotAGMCommand{Verb: cmd.Verb, Player: examplePlayer(&c)})
	}
	return verb(m, r, &c, store.AuditEntry{At: m.clock.Now().UTC(), Who: "gm", Action: cmd.Verb, Detail: cmd.Args})
}

// seatArg finds the seat a GM command names, or says there is none.
func seatArg(c *store.Campaign, name string) (*store.Seat, *report.NoSuchSeat) {
	s := c.Seat(campaign.PlayerID(name))
	if s == nil {
		ids := make([]string, len(c.Players))
		for i, p := range c.Players {
			ids[i] = string(p.Player)
		}
		return nil, &report.NoSuchSeat{Campaign: c.ID, Name: name, Players: ids}
	}
	return s, nil
}

func joinPlayers(ids []campaign.PlayerID) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = string(id)
	}
	return strings.Join(out, ", ")
}
