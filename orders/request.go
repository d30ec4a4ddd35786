package orders

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// Extension asks the GM for more time before the deadline. What a
// campaign grants is its moderation's and its ruleset's to say; a
// malformed request cites no rule, since the kit serves every ruleset.
type Extension struct {
	Hours  int
	Reason string
	// RealLife claims "pressing real life issues", which a campaign may
	// grant without asking the GM.
	RealLife bool
	// Battle, if set, asks for more time for that battle's clocks, not
	// the turn's, where the campaign's ruleset grants it.
	Battle string
}

// Command is a one-line command to the moderator, such as "status",
// "report 3" or, from the GM, "deadline 2026-12-01 18:00".
type Command struct {
	// Verb is the first word, lower-cased.
	Verb string
	// Args is the rest of the line, trimmed.
	Args string
	// Text is the free text of a broadcast or a message, from key text.
	Text string
	// Anonymous asks for a relayed message to go unsigned.
	Anonymous bool
	// Mail is what a command: mail changes in the player's mail
	// preferences.
	Mail *MailChange
}

// Limits on requests.
const (
	// MaxExtensionHours is the longest extension one request may ask for.
	MaxExtensionHours = 24 * 28
	// MaxReason is the longest reason, in characters.
	MaxReason = 500
	// MaxText is the longest message or broadcast text, in characters.
	MaxText = 8000
)

// Verbs lists every command verb, players' and the GM's.
var Verbs = []string{
	"status", "report", "message", "mail", "proxy", "resign", "vote", "propose", "token", // players (and status and token for the GM)
	"preview", "process", "deadline", "pause", "resume", "rollback", "replace", "drop", "broadcast", // the GM
}

var extensionKeys = []string{"hours", "reason", "real_life", "battle"}

// extension reads an extension request.
func (p *parser) extension(n *yaml.Node) *Extension {
	const example = `extension: {hours: 48, reason: "away at a wedding"}`
	if n.Kind != yaml.MappingNode {
		p.Add(PosOf(n), "", "extension must be a mapping with hours: and reason:, not "+Describe(n), example)
		return nil
	}
	f, _ := p.Mapping(n, "extension", extensionKeys...)
	ext := &Extension{}
	if e, ok := f.Get("hours"); !ok {
		p.Add(PosOf(n), "", "the extension says no hours:", "add how many hours you need, e.g. "+example)
	} else if h, ok := p.Int(e.Value, "hours", "hours: 48"); ok {
		if h < 1 || h > MaxExtensionHours {
			p.Add(PosOf(e.Value), "", fmt.Sprintf("hours must be from 1 to %d, not %d", MaxExtensionHours, h), "for example hours: 48")
		}
		ext.Hours = h
	}
	if e, ok := f.Get("reason"); ok {
		ext.Reason = p.text(e.Value, "reason", MaxReason, `reason: "away at a wedding"`)
	}
	if e, ok := f.Get("real_life"); ok {
		ext.RealLife, _ = p.Bool(e.Value, "real_life")
	}
	if e, ok := f.Get("battle"); ok {
		ext.Battle, _ = p.Name(e.Value, "battle", "battle: T1-B1")
	}
	return ext
}

// command reads a command line such as "report 3".
func (p *parser) command(n *yaml.Node) *Command {
	line, ok := p.Name(n, "command", "command: status")
	if !ok {
		return nil
	}
	verb, args, _ := strings.Cut(line, " ")
	c := &Command{Verb: strings.ToLower(verb), Args: strings.TrimSpace(args)}
	if !slices.Contains(Verbs, c.Verb) {
		p.Add(PosOf(n), "", fmt.Sprintf("unknown command %q", verb), p.NearestHint(c.Verb, Verbs, "commands"))
		return nil
	}
	return c
}

// text reads free text of at most limit characters.
func (p *parser) text(n *yaml.Node, field string, limit int, example string) string {
	if n.Kind != yaml.ScalarNode || IsNull(n) {
		p.Add(PosOf(n), "", fmt.Sprintf("%s must be text, not %s", field, Describe(n)), "for example "+example)
		return ""
	}
	if c := utf8.RuneCountInString(n.Value); c > limit {
		p.Add(PosOf(n), "", fmt.Sprintf("%s is %d characters long; the limit is %d", field, c, limit), "shorten it")
		return ""
	}
	return strings.TrimSpace(n.Value)
}
