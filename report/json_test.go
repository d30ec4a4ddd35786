package report

import (
	"bytes"
	"encoding/json"
	"testing"
)

// jsonCases hold what JSON must indent as json.MarshalIndent does: empty
// and nested objects and arrays, and strings with quotes, escapes,
// brackets, commas and colons, HTML and non-ASCII in them.
var jsonCases = []any{
	nil, 7, "plain", []int{}, map[string]int{}, struct{}{},
	[]any{1, "two", []any{}, map[string]any{}, []any{[]any{3}}, nil, true, 1.5e300},
	map[string]any{"a": []string{`"quoted" \ back`, "{[,:]}", "<b>&</b>", "ünï\u2028code\x01", ""}, "": map[string]any{"x": nil}},
	struct {
		Raw  json.RawMessage
		Tabs string `json:"t,omitempty"`
	}{json.RawMessage(" { \"k\" : [ 1 , 2 ] , \"e\":{ } } "), "a\tb\\"},
}

// TestJSON_asMarshalIndent: JSON writes every case byte for byte as
// json.MarshalIndent(v, "", "  ") does.
func TestJSON_asMarshalIndent(t *testing.T) {
	for _, v := range jsonCases {
		checkJSON(t, v)
	}
}

// FuzzJSON: whatever the strings hold, JSON agrees with
// json.MarshalIndent.
func FuzzJSON(f *testing.F) {
	f.Add("a", `"\`, []byte("x"))
	f.Add("{", "]:,", []byte{0xff, '"'})
	f.Fuzz(func(t *testing.T, key, val string, raw []byte) {
		checkJSON(t, map[string]any{key: []any{val, map[string]string{val: key}, []any{}, raw}})
	})
}

func checkJSON(t *testing.T, v any) {
	t.Helper()
	want, wantErr := json.MarshalIndent(v, "", "  ")
	got, err := JSON(v)
	if (err != nil) != (wantErr != nil) || !bytes.Equal(got, want) {
		t.Errorf("JSON(%#v) =\n%s, %v\nwant as json.MarshalIndent\n%s, %v", v, got, err, want, wantErr)
	}
}
