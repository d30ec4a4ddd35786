package report

import (
	"reflect"
	"strings"

	"github.com/pbemd/pbemd/orders"
)

// A Text is something pbemd tells a player or the GM: an answer, a
// refusal, a notice, an alert. The moderator decides which text goes to
// whom, with what data; the wording is the template in text/ named after
// the text's type (the type Paused is worded by "Paused"). A text that
// is a mail has a subject too, "Paused.subject", and one that points at a
// mistake in a mail a hint of what to write instead, "NoToken.hint".
// Every text has a golden file in testdata/texts.
type Text interface {
	// text marks the types that are texts.
	text()
}

// Say words a text.
func Say(t Text) string { return render(textName(t), t) }

// Mail words a text that is a mail: its subject, which the moderator
// tags with the campaign, and its body, no line of it longer than
// MaxLine.
func Mail(t Text) (subject, body string) {
	name := textName(t)
	return render(name+".subject", t), WrapLines(render(name, t))
}

// Problem words a text that points at a mistake in a mail, at pos: what
// is wrong, and what to write instead.
func Problem(t Text, pos orders.Pos) orders.Problem {
	name := textName(t)
	return orders.Problem{Pos: pos, Msg: render(name, t), Hint: render(name+".hint", t)}
}

func textName(t Text) string {
	typ := reflect.TypeOf(t)
	if typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	return typ.Name()
}

// indent indents every line of a text by two spaces, for quoting what a
// player or the GM wrote.
func indent(s string) string {
	return "  " + strings.ReplaceAll(s, "\n", "\n  ")
}
