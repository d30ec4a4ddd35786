package workflow

import (
	netmail "net/mail"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// maxProxies is how many addresses a player may name to act for them.
const maxProxies = 3

// setProxy names, or no longer names, an address that may send orders and
// battle results for the player: command: proxy add <address>, or
// command: proxy remove <address>.
func (m *Moderation) setProxy(r *request) (Decision, error) {
	c, s := r.c.Clone(), r.seat
	s = c.Seat(s.Player)
	fields := strings.Fields(r.Sub.Command.Args)
	if len(fields) != 2 || (fields[0] != "add" && fields[0] != "remove") {
		return r.refuse(report.ProxyUsage{Proxies: s.Proxies})
	}
	parsed, err := netmail.ParseAddress(fields[1])
	if err != nil {
		return r.refuse(report.ProxyUsage{Proxies: s.Proxies})
	}
	addr, add := strings.ToLower(parsed.Address), fields[0] == "add"
	switch {
	case add && strings.EqualFold(addr, s.Email):
		return r.refuse(report.ProxyRefused{Address: addr, Own: true})
	case add && strings.EqualFold(addr, m.address):
		return r.refuse(report.ProxyRefused{Address: addr, Moderator: true})
	case add && s.ProxiedBy(addr):
		return r.refuse(report.ProxyRefused{Address: addr, Named: true})
	case add && len(s.Proxies) >= maxProxies:
		return r.refuse(report.ProxyRefused{Address: addr, Max: maxProxies})
	case !add && !s.ProxiedBy(addr):
		return r.refuse(report.NotAProxy{Address: addr, Proxies: s.Proxies})
	}
	action := "proxy added"
	if add {
		s.Proxies = append(s.Proxies, addr)
	} else {
		action = "proxy removed"
		s.Proxies = slices.DeleteFunc(s.Proxies, func(p string) bool { return strings.EqualFold(p, addr) })
	}
	audit := store.AuditEntry{At: m.clock.Now().UTC(), Who: string(s.Player), Action: action, Detail: addr}
	answer := m.answer(r, report.ProxyAnswer{Title: c.Title, Player: s.Player, Address: addr, Added: add, Proxies: s.Proxies})
	return r.done(action, answer, Decision{Apply: putCampaign(c, c.Turn, audit)})
}
