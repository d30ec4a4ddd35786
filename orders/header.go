package orders

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
)

// The header keys, in the order the example writes them.
var (
	headerKeys = []string{"campaign", "player", "turn", "token", "final", "orders", "prefs",
		"extension", "command", "text", "anonymous", "report", "attachments", "digest", "battle", "result", "confirm", "contact"}
	// token is not required here: offline play (pbemd sim) needs none, and
	// the daemon says so itself when a mail lacks one.
	requiredKeys = []string{"campaign", "player", "turn", "orders"}
	// A request (an extension or a command) needs less: the GM has no
	// player name, and a request is for no particular turn.
	requestRequiredKeys = []string{"campaign"}
	// ordersOnlyKeys belong to orders, not to a request.
	ordersOnlyKeys = []string{"turn", "final", "orders", "prefs"}
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
		p.Add(PosOf(top), "", "the orders must be a YAML mapping of keys such as campaign: and orders:, not "+Describe(top),
			minimalExample)
		return nil
	}
	sub := &Submission{Pos: map[string]Pos{}}
	f, _ := p.Mapping(top, "the header", headerKeys...)
	for _, k := range headerKeys {
		if e, ok := f.Get(k); ok {
			sub.Pos[k] = PosOf(e.Key)
		}
	}
	requests := p.headerKind(top, f)
	p.headerValues(f, sub)
	p.body(f, sub, requests)
	return sub
}

// headerKind checks the header's keys against what the mail is: orders,
// or one request (an extension, a command or a battle report), each with
// the keys it needs and none of the other's. It returns the number of
// requests the mail makes.
func (p *parser) headerKind(top *yaml.Node, f Fields) (requests int) {
	_, isExtension := f.Get("extension")
	_, isCommand := f.Get("command")
	_, isBattle := f.Get("battle")
	required := requiredKeys
	for _, k := range []bool{isExtension, isCommand, isBattle} {
		if k {
			requests++
		}
	}
	for _, k := range []string{"result", "confirm", "contact"} {
		if e, ok := f.Get(k); ok && !isBattle {
			p.Add(PosOf(e.Key), "", k+": goes with battle:, the battle it is about", "add a line battle: T3-B1")
		}
	}
	if requests > 1 {
		p.Add(PosOf(top), "", "a mail may hold one of an extension request, a command or a battle result", "send them in separate mails")
	}
	switch {
	case requests > 0:
		required = requestRequiredKeys
		for _, k := range ordersOnlyKeys {
			if e, ok := f.Get(k); ok {
				p.Add(PosOf(e.Key), "", fmt.Sprintf("%s: belongs to orders, and this mail is a request", k),
					"send orders and requests in separate mails")
			}
		}
	default:
		for _, k := range []string{"text", "anonymous"} {
			if e, ok := f.Get(k); ok {
				p.Add(PosOf(e.Key), "", k+": goes with command: message or command: broadcast", "add a line "+headerExamples["command"]+", or remove "+k+":")
			}
		}
	}
	for _, k := range required {
		if _, ok := f.Get(k); !ok {
			p.Add(PosOf(top), "", fmt.Sprintf("the header has no %s:", k), "add a line "+headerExamples[k])
		}
	}
	return requests
}

// headerValues reads the header's campaign:, player:, turn:, token: and
// final:.
func (p *parser) headerValues(f Fields, sub *Submission) {
	if e, ok := f.Get("campaign"); ok {
		s, _ := p.Name(e.Value, "campaign", headerExamples["campaign"])
		sub.Campaign = campaign.ID(s)
	}
	if e, ok := f.Get("player"); ok {
		s, _ := p.Name(e.Value, "player", headerExamples["player"])
		sub.Player = campaign.PlayerID(s)
	}
	if e, ok := f.Get("turn"); ok {
		if n, ok := p.Int(e.Value, "turn", "turn: 3"); ok {
			if n < 1 {
				p.Add(PosOf(e.Value), "", fmt.Sprintf("turn must be 1 or more, not %d", n), "for example turn: 3")
			}
			sub.Turn = n
		}
	}
	if e, ok := f.Get("token"); ok {
		sub.Token, _ = p.Name(e.Value, "token", headerExamples["token"])
	}
	if e, ok := f.Get("final"); ok {
		sub.Final, _ = p.Bool(e.Value, "final")
	}
}

// body reads what the mail holds after its header: orders and prefs,
// unless it is only a request, an extension request, a battle report, or
// a command with its text and mail settings.
func (p *parser) body(f Fields, sub *Submission, requests int) {
	_, hasOrders := f.Get("orders")
	_, hasPrefs := f.Get("prefs")
	if requests == 0 || hasOrders || hasPrefs {
		p.ordersOf(f, sub)
	}
	if e, ok := f.Get("extension"); ok {
		sub.Extension = p.extension(e.Value)
	}
	if _, isBattle := f.Get("battle"); isBattle {
		sub.Battle = p.battleReport(f)
	}
	e, isCommand := f.Get("command")
	if isCommand {
		sub.Command = p.command(e.Value)
		if sub.Command != nil {
			if e, ok := f.Get("text"); ok {
				sub.Command.Text = p.text(e.Value, "text", MaxText, "text: |  (then the message on the lines below, indented)")
			}
			if e, ok := f.Get("anonymous"); ok {
				sub.Command.Anonymous, _ = p.Bool(e.Value, "anonymous")
			}
		}
	}
	// An unknown command is problem enough: its mail keys say nothing more.
	if !isCommand || sub.Command != nil {
		if ch := p.mailChange(f, sub.Command); ch != nil {
			sub.Command.Mail = ch
		}
	}
}

// ordersOf reads a mail's orders: and prefs: with the kinds of the
// campaign it names. Without kinds, for a campaign pbemd does not run,
// they stay unread, and the reason is a problem at the campaign: key (or
// at none, when the header has no campaign: to point at, which is a
// problem already).
func (p *parser) ordersOf(f Fields, sub *Submission) {
	k, err := p.kinds(sub.Campaign)
	if err != nil {
		if e, ok := f.Get("campaign"); ok {
			p.Add(PosOf(e.Value), "", err.Error(), "write the campaign's ID as your welcome mail gives it, "+headerExamples["campaign"])
		}
		return
	}
	if e, ok := f.Get("orders"); ok {
		sub.Orders = k.Orders(p.Collector, e)
	}
	var prefs *yaml.Node
	if e, ok := f.Get("prefs"); ok {
		prefs = e.Value
	}
	sub.Prefs = k.Prefs(p.Collector, prefs)
}
