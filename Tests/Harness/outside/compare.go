// Package compare is the shared half of the outside-in Go driver run by
// ServerAPIContractTests.swift: JSON values compared by value (numbers by their exact
// decimal value, so 5 equals 5.0 but never true), and the pass/fail count of every check.
package compare

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"
	"sort"
	"strings"
)

// Counter counts the checks of one contract and prints each failure.
type Counter struct {
	Name   string
	Passed int
	Failed int
}

// Check counts one check; a failure is printed with its detail.
func (c *Counter) Check(ok bool, label string, detail string) {
	if ok {
		c.Passed++
		return
	}
	c.Failed++
	if len(detail) > 600 {
		detail = detail[:600] + "..."
	}
	fmt.Printf("FAIL %s: %s\n  %s\n", c.Name, label, detail)
}

// NoError checks err is nil.
func (c *Counter) NoError(err error, label string) bool {
	c.Check(err == nil, label, fmt.Sprint(err))
	return err == nil
}

// Same marshals got with encoding/json and compares its value with the JSON want.
func (c *Counter) Same(got interface{}, want []byte, label string) {
	text, err := json.Marshal(got)
	if !c.NoError(err, label+": json.Marshal") {
		return
	}
	c.SameJSON(text, want, label)
}

// SameJSON compares two JSON texts by value.
func (c *Counter) SameJSON(got []byte, want []byte, label string) {
	left, errLeft := decode(got)
	right, errRight := decode(want)
	if errLeft != nil || errRight != nil {
		c.Check(false, label, fmt.Sprintf("unreadable JSON: %v %v", errLeft, errRight))
		return
	}
	var found []string
	differences(left, right, "$", &found)
	c.Check(len(found) == 0, label, strings.Join(found, "; ")+"\n  got  "+string(got)+"\n  want "+string(bytes.TrimSpace(want)))
}

// SameMap compares two string maps exactly.
func (c *Counter) SameMap(got map[string]string, want map[string]string, label string) {
	if reflect.DeepEqual(got, want) {
		c.Check(true, label, "")
		return
	}
	var found []string
	for key, value := range want {
		if other, ok := got[key]; !ok || other != value {
			found = append(found, fmt.Sprintf("%s: %q != %q", key, other, value))
		}
	}
	for key := range got {
		if _, ok := want[key]; !ok {
			found = append(found, "extra key "+key)
		}
	}
	sort.Strings(found)
	c.Check(false, label, strings.Join(found, "; "))
}

func decode(text []byte) (interface{}, error) {
	decoder := json.NewDecoder(bytes.NewReader(text))
	decoder.UseNumber()
	var value interface{}
	err := decoder.Decode(&value)
	return value, err
}

func differences(got interface{}, want interface{}, path string, found *[]string) {
	switch w := want.(type) {
	case json.Number:
		g, ok := got.(json.Number)
		if !ok {
			*found = append(*found, fmt.Sprintf("%s: %v is no number (want %v)", path, got, w))
			return
		}
		left, okLeft := new(big.Rat).SetString(string(g))
		right, okRight := new(big.Rat).SetString(string(w))
		if !okLeft || !okRight || left.Cmp(right) != 0 {
			*found = append(*found, fmt.Sprintf("%s: %v != %v", path, g, w))
		}
	case map[string]interface{}:
		g, ok := got.(map[string]interface{})
		if !ok {
			*found = append(*found, fmt.Sprintf("%s: %v is no object", path, got))
			return
		}
		for key := range g {
			if _, ok := w[key]; !ok {
				*found = append(*found, path+": extra key "+key)
			}
		}
		for key, value := range w {
			other, ok := g[key]
			if !ok {
				*found = append(*found, path+": missing key "+key)
				continue
			}
			differences(other, value, path+"."+key, found)
		}
	case []interface{}:
		g, ok := got.([]interface{})
		if !ok || len(g) != len(w) {
			*found = append(*found, fmt.Sprintf("%s: %v is not a list of %d", path, got, len(w)))
			return
		}
		for i := range w {
			differences(g[i], w[i], fmt.Sprintf("%s[%d]", path, i), found)
		}
	default:
		if !reflect.DeepEqual(got, want) {
			*found = append(*found, fmt.Sprintf("%s: %#v != %#v", path, got, want))
		}
	}
}
