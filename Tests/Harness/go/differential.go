// The Go runner of the differential test (DifferentialTests.swift), beside a main.go the test
// writes with one adapter per contract package. Every generated input of every schema goes
// through the generated package, one JSON line per input, in the layout of the TypeScript
// runner: `fcm` is ParseFCMData, `content` is json.Unmarshal of the content-state text into
// ContentState, `back` is FromContentState of the content state the Swift
// runner decoded and re-encoded (read through json.Unmarshal), `bridge` and `repaired` are
// ToContentState of the bridge object read through json.Unmarshal. Each is {"ok": value} or
// {"threw": "..."}; a bridge object holding NaN or an infinity, which JSON cannot carry into
// json.Unmarshal, is {"skipped": true}. The bridge adapter refuses what json.Unmarshal or
// ToFCMData refuses (ToContentState itself refuses nothing, docs/go.md). It judges nothing; the Swift test compares.
//
// Values are written by reflection as encoding/json writes them (json tags, omitempty, a
// float32 in its shortest form, as Swift's JSONEncoder writes a Float), with sorted map keys
// and NaN and the infinities as the inputs spell them ({"$lc": "NaN"}).
//
// Arguments: the inputs file (one line per input of tab-separated columns
// `SCHEMA INDEX BRIDGE CONTENT FCM REPAIRED`) and the Swift runner's output.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// adapter is one contract package's entry points, written per contract in main.go.
type adapter struct {
	fcm     func(map[string]string) interface{}
	content func([]byte) (interface{}, error)
	back    func([]byte) (interface{}, error)
	bridge  func([]byte) (interface{}, error)
}

func main() {
	decoded := map[string]json.RawMessage{}
	swift, err := os.ReadFile(os.Args[2])
	fail(err)
	for _, line := range strings.Split(string(swift), "\n") {
		if line == "" {
			continue
		}
		var item struct {
			Schema  string `json:"schema"`
			Index   int    `json:"index"`
			Content struct {
				Decodes json.RawMessage `json:"decodes"`
			} `json:"content"`
		}
		fail(json.Unmarshal([]byte(line), &item))
		if item.Content.Decodes != nil {
			decoded[item.Schema+"#"+strconv.Itoa(item.Index)] = item.Content.Decodes
		}
	}
	input, err := os.Open(os.Args[1])
	fail(err)
	defer input.Close()
	reader := bufio.NewReaderSize(input, 1<<20)
	out := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer out.Flush()
	for number := 1; ; number++ {
		line, err := reader.ReadString('\n')
		line = strings.TrimSuffix(line, "\n")
		if line != "" {
			columns := strings.Split(line, "\t")
			if len(columns) != 6 {
				fail(fmt.Errorf("line %d has %d columns, not 6", number, len(columns)))
			}
			if a, ok := adapters[columns[0]]; ok {
				run(out, a, columns, decoded[columns[0]+"#"+columns[1]])
			}
		}
		if err != nil {
			break
		}
	}
}

// run writes the line of one input.
func run(out *bufio.Writer, a adapter, columns []string, decoded json.RawMessage) {
	var b strings.Builder
	b.WriteString(`{"schema":`)
	text(&b, columns[0])
	b.WriteString(`,"index":` + columns[1])
	b.WriteString(`,"bridge":`)
	bridge(&b, a, columns[2])
	if columns[5] != "" {
		b.WriteString(`,"repaired":`)
		bridge(&b, a, columns[5])
	}
	var data map[string]string
	b.WriteString(`,"fcm":`)
	if err := json.Unmarshal([]byte(columns[4]), &data); err != nil {
		threw(&b, err)
	} else {
		b.WriteString(`{"ok":`)
		render(&b, reflect.ValueOf(a.fcm(data)))
		b.WriteString("}")
	}
	b.WriteString(`,"content":`)
	value, err := a.content([]byte(columns[3]))
	result(&b, value, err)
	if decoded != nil {
		b.WriteString(`,"back":`)
		value, err := a.back([]byte(decoded))
		result(&b, value, err)
	}
	b.WriteString("}\n")
	out.WriteString(b.String())
}

// bridge writes ToContentState of a bridge object, or skipped where it holds NaN or an
// infinity, which JSON cannot carry. -0 arrives as JSON.stringify writes it: 0.
func bridge(b *strings.Builder, a adapter, column string) {
	column = strings.ReplaceAll(column, `{"$lc":"-0"}`, "0")
	if strings.Contains(column, `{"$lc":`) {
		b.WriteString(`{"skipped":true}`)
		return
	}
	value, err := a.bridge([]byte(column))
	result(b, value, err)
}

func result(b *strings.Builder, value interface{}, err error) {
	if err != nil {
		threw(b, err)
		return
	}
	b.WriteString(`{"ok":`)
	render(b, reflect.ValueOf(value))
	b.WriteString("}")
}

func threw(b *strings.Builder, err error) {
	b.WriteString(`{"threw":`)
	text(b, err.Error())
	b.WriteString("}")
}

func text(b *strings.Builder, s string) {
	encoded, err := json.Marshal(s)
	fail(err)
	b.Write(encoded)
}

// render writes v as JSON: struct members by their json tags (omitempty honoured, "-" left
// out, "-," named "-"), maps with sorted keys, a nil slice or pointer as null.
func render(b *strings.Builder, v reflect.Value) {
	switch v.Kind() {
	case reflect.Invalid:
		b.WriteString("null")
	case reflect.Ptr, reflect.Interface:
		if v.IsNil() {
			b.WriteString("null")
		} else {
			render(b, v.Elem())
		}
	case reflect.Struct:
		b.WriteString("{")
		first := true
		for i := 0; i < v.NumField(); i++ {
			field := v.Type().Field(i)
			if field.PkgPath != "" {
				continue
			}
			tag := field.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, options := tag, ""
			if comma := strings.Index(tag, ","); comma >= 0 {
				name, options = tag[:comma], tag[comma:]
			}
			if name == "" {
				name = field.Name
			}
			if strings.Contains(options, ",omitempty") && empty(v.Field(i)) {
				continue
			}
			if !first {
				b.WriteString(",")
			}
			first = false
			text(b, name)
			b.WriteString(":")
			render(b, v.Field(i))
		}
		b.WriteString("}")
	case reflect.Map:
		if v.IsNil() {
			b.WriteString("null")
			return
		}
		keys := make([]string, 0, v.Len())
		for _, key := range v.MapKeys() {
			keys = append(keys, key.String())
		}
		sort.Strings(keys)
		b.WriteString("{")
		for i, key := range keys {
			if i > 0 {
				b.WriteString(",")
			}
			text(b, key)
			b.WriteString(":")
			render(b, v.MapIndex(reflect.ValueOf(key).Convert(v.Type().Key())))
		}
		b.WriteString("}")
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			b.WriteString("null")
			return
		}
		b.WriteString("[")
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				b.WriteString(",")
			}
			render(b, v.Index(i))
		}
		b.WriteString("]")
	case reflect.String:
		text(b, v.String())
	case reflect.Bool:
		b.WriteString(strconv.FormatBool(v.Bool()))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		b.WriteString(strconv.FormatInt(v.Int(), 10))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		b.WriteString(strconv.FormatUint(v.Uint(), 10))
	case reflect.Float32, reflect.Float64:
		number, bits := v.Float(), 64
		if v.Kind() == reflect.Float32 {
			bits = 32
		}
		switch {
		case math.IsNaN(number):
			b.WriteString(`{"$lc":"NaN"}`)
		case math.IsInf(number, 1):
			b.WriteString(`{"$lc":"Infinity"}`)
		case math.IsInf(number, -1):
			b.WriteString(`{"$lc":"-Infinity"}`)
		default:
			b.WriteString(strconv.FormatFloat(number, 'g', -1, bits))
		}
	default:
		fail(fmt.Errorf("cannot render a %s", v.Kind()))
	}
}

// empty is encoding/json's omitempty test.
func empty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool:
		return !v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() == 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return v.Uint() == 0
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0
	case reflect.Interface, reflect.Ptr:
		return v.IsNil()
	}
	return false
}

func fail(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
