package orders

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
)

// The header keys, in the order the example writes them.
var (
	headerKeys = []string{"campaign", "player", "turn", "token", "final", "orders", "prefs",
		"extension", "command", "text", "anonymous", "report", "attachments", "digest", "battle", "result", "confirm"}
	// token is not required here: offline play (pbemd sim) needs none, and
	// the daemon says so itself when a mail lacks one.
	requiredKeys = []string{"campaign", "player", "turn", "orders"}
	// A request (an extension or a command) needs less: the GM has no
	// player name, and a request is for no particular turn.
	requestRequiredKeys = []string{"campaign"}
	// ordersOnlyKeys belong to orders, not to a request.
	ordersOnlyKeys = []string{"turn", "final", "orders", "prefs"}
	prefsKeys      = []string{"explore_bonus", "explore_planet"}
)

// headerExamples shows each header key in use, for hints.
var headerExamples = map[string]string{
	"campaign": "campaign: frontier",
	"player":   "player: vorn",
	"turn":     "turn: 3 (the turn your report names)",
	"token":    "token: <the token from your welcome mail>",
	"orders":   "orders: [] to send no orders, or orders: followed by one \"  - move: ...\" line per order",
	"command":  "command: status",
}

// submission reads the top-level mapping.
func (p *parser) submission(top *yaml.Node) *Submission {
	if top.Kind != yaml.MappingNode {
		p.add(pos(top), "", "the orders must be a YAML mapping of keys such as campaign: and orders:, not "+describe(top),
			minimalExample)
		return nil
	}
	sub := &Submission{Pos: map[string]Pos{}, Prefs: DefaultPrefs()}
	f := p.fields(top, headerKeys, "the header")
	for _, k := range headerKeys {
		if e, ok := f[k]; ok {
			sub.Pos[k] = pos(e.key)
		}
	}
	_, isExtension := f["extension"]
	_, isCommand := f["command"]
	_, isBattle := f["battle"]
	required := requiredKeys
	kinds := 0
	for _, k := range []bool{isExtension, isCommand, isBattle} {
		if k {
			kinds++
		}
	}
	for _, k := range []string{"result", "confirm"} {
		if e, ok := f[k]; ok && !isBattle {
			p.add(pos(e.key), "", k+": goes with battle:, the battle it is about", "add a line battle: T3-B1")
		}
	}
	if kinds > 1 {
		p.add(pos(top), "", "a mail may hold one of an extension request, a command or a battle result", "send them in separate mails")
	}
	switch {
	case kinds > 0:
		required = requestRequiredKeys
		for _, k := range ordersOnlyKeys {
			if e, ok := f[k]; ok {
				p.add(pos(e.key), "", fmt.Sprintf("%s: belongs to orders, and this mail is a request", k),
					"send orders and requests in separate mails")
			}
		}
	default:
		for _, k := range []string{"text", "anonymous"} {
			if e, ok := f[k]; ok {
				p.add(pos(e.key), "", k+": goes with command: message or command: broadcast", "add a line "+headerExamples["command"]+", or remove "+k+":")
			}
		}
	}
	for _, k := range required {
		if _, ok := f[k]; !ok {
			p.add(pos(top), "", fmt.Sprintf("the header has no %s:", k), "add a line "+headerExamples[k])
		}
	}
	if e, ok := f["campaign"]; ok {
		s, _ := p.name(e.val, "campaign", headerExamples["campaign"])
		sub.Campaign = campaign.ID(s)
	}
	if e, ok := f["player"]; ok {
		s, _ := p.name(e.val, "player", headerExamples["player"])
		sub.Player = campaign.PlayerID(s)
	}
	if e, ok := f["turn"]; ok {
		if n, ok := p.number(e.val, "turn", "turn: 3"); ok {
			if n < 1 {
				p.add(pos(e.val), "", fmt.Sprintf("turn must be 1 or more, not %d", n), "for example turn: 3")
			}
			sub.Turn = n
		}
	}
	if e, ok := f["token"]; ok {
		sub.Token, _ = p.name(e.val, "token", headerExamples["token"])
	}
	if e, ok := f["final"]; ok {
		sub.Final, _ = p.boolean(e.val, "final")
	}
	if e, ok := f["orders"]; ok {
		sub.Orders = p.orderList(e)
	}
	if e, ok := f["prefs"]; ok {
		sub.Prefs = p.prefs(e.val)
	}
	if e, ok := f["extension"]; ok {
		sub.Extension = p.extension(e.val)
	}
	if isBattle {
		sub.Battle = p.battleReport(f)
	}
	if e, ok := f["command"]; ok {
		sub.Command = p.command(e.val)
		if sub.Command != nil {
			if e, ok := f["text"]; ok {
				sub.Command.Text = p.text(e.val, "text", MaxText, "text: |  (then the message on the lines below, indented)")
			}
			if e, ok := f["anonymous"]; ok {
				sub.Command.Anonymous, _ = p.boolean(e.val, "anonymous")
			}
		}
	}
	// An unknown command is problem enough: its mail keys say nothing more.
	if !isCommand || sub.Command != nil {
		if ch := p.mailChange(f, sub.Command); ch != nil {
			sub.Command.Mail = ch
		}
	}
	return sub
}

// prefs reads the standing preferences; a missing key keeps its default.
func (p *parser) prefs(n *yaml.Node) Prefs {
	out := DefaultPrefs()
	if isNull(n) {
		return out
	}
	if n.Kind != yaml.MappingNode {
		p.add(pos(n), "", "prefs must be a mapping, not "+describe(n), "for example prefs: {explore_bonus: bpv}")
		return out
	}
	f := p.fields(n, prefsKeys, "prefs")
	if e, ok := f["explore_bonus"]; ok {
		s, ok := p.name(e.val, "explore_bonus", "explore_bonus: bpv")
		switch {
		case !ok:
		case s == ExploreBPV || s == ExplorePrecursor:
			out.ExploreBonus = s
		default:
			p.add(pos(e.val), "EaW 16a", fmt.Sprintf("explore_bonus must be bpv or precursor, not %q", s),
				"explore_bonus: bpv takes the BPV an exploration finds; explore_bonus: precursor rolls for a precursor object (EaW 16c)")
		}
	}
	if e, ok := f["explore_planet"]; ok {
		s, ok := p.name(e.val, "explore_planet", "explore_planet: mineral")
		switch t := campaign.PlanetType(s); {
		case !ok:
		case t == campaign.Life || t == campaign.Mineral || t == campaign.Dead:
			out.ExplorePlanet = t
		default:
			p.add(pos(e.val), "EaW 16a", fmt.Sprintf("explore_planet must be life, mineral or dead, not %q", s),
				"explore_planet names the planet you take when an exploration leaves the choice to you (EaW 16a, 16b)")
		}
	}
	return out
}
