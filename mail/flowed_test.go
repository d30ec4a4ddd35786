package mail

import "testing"

func TestUnflow(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		delSp bool
		want  string
	}{
		{name: "fixed lines stay", in: "a\nb\n", want: "a\nb\n"},
		{name: "soft break joins", in: "a long \nline\n", want: "a long line\n"},
		{name: "three-line paragraph", in: "one \ntwo \nthree\nfour\n", want: "one two three\nfour\n"},
		{name: "delsp removes the space", in: "sev \nenty\n", delSp: true, want: "seventy\n"},
		{name: "space-stuffing removed", in: "orders:\n   - fleet: A1\n     move: [1, 2]\n", want: "orders:\n  - fleet: A1\n    move: [1, 2]\n"},
		{name: "stuffed From", in: " From here\n", want: "From here\n"},
		{name: "quoted lines join each other", in: "> quoted \n> text\n", want: "> quoted text\n"},
		{name: "quoted never joins unquoted", in: "> quoted \nmine\n", want: "> quoted \nmine\n"},
		{name: "unquoted never joins quoted", in: "mine \n> quoted\n", want: "mine \n> quoted\n"},
		{name: "depth change ends paragraph", in: ">> deep \n> shallow\n", want: ">> deep \n> shallow\n"},
		{name: "signature separator is not flowed", in: "text\n-- \nAlice\n", want: "text\n-- \nAlice\n"},
		{name: "soft break at the end", in: "dangling \n", want: "dangling \n"},
		{name: "no final newline", in: "a \nb", want: "a b\n"},
		{name: "empty lines kept", in: "a\n\n\nb\n", want: "a\n\n\nb\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := unflow(tc.in, tc.delSp); got != tc.want {
				t.Errorf("unflow(%q, %v) = %q, want %q", tc.in, tc.delSp, got, tc.want)
			}
		})
	}
}

func TestCutSignature(t *testing.T) {
	tests := []struct{ in, want string }{
		{in: "orders\n-- \nAlice\n", want: "orders\n"},
		{in: "-- \nAlice\n", want: ""},
		{in: "orders\n-- ", want: "orders\n"},
		{in: "orders\n--\nnot a signature\n", want: "orders\n--\nnot a signature\n"},
		{in: "a\n-- \nsig\n-- \nquoted sig\n", want: "a\n"},
		{in: "x: '-- '\n", want: "x: '-- '\n"},
	}
	for _, tc := range tests {
		if got := cutSignature(tc.in); got != tc.want {
			t.Errorf("cutSignature(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
