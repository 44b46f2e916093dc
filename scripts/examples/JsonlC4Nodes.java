// A Connect Four searcher for tourney that plays the contest's clock in nodes.
//
// What it is: an alpha-beta search (negamax, iterative deepening, centre-first
// move order) over bitboards, with two tunable knobs declared in its hello:
//
//   center_weight  how much a stone counts by its column (0: only wins count)
//   time_share     the share of the clock's balance one move may spend
//
// It COUNTS ITS NODES (every position the search visits) and says so in its
// hello ("clock": "nodes"). Under a clock with a node rate, tourney hands each
// turn the balance in nodes (clock.left_nodes) and charges each move the nodes
// it reports (info.nodes) over the node rate, exactly as it charges its
// built-in bots: the bot stops its search when it has spent
// time_share * left_nodes, so its games replay byte for byte at any load and
// any --workers. Under other budgets it obeys budget.depth, budget.nodes or,
// on the wall clock (a clock without a node rate), clock.left_ms.
//
// Deterministic: it draws nothing at random (use opening_plies in the space to
// vary the games). One file, the JDK only (no JSON library: a small reader of
// the flat messages is below). Run it without a build step (Java 11+ runs a
// source file):
//
//     [bots.c4java]
//     game    = "connect4"
//     cmd     = ["java", "JsonlC4Nodes.java"]
//     params  = "hello"
//     startup = "30s"
//
// or compile it once, `javac -d build JsonlC4Nodes.java`, and run
// cmd = ["java", "-cp", "build", "JsonlC4Nodes"] (a faster start).

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public class JsonlC4Nodes {
    static final int W = 7, H = 6, H1 = H + 1;
    static final long FULL;
    static final int[] ORDER = {3, 2, 4, 1, 5, 0, 6};
    static final int[] COLUMN_VALUE = {0, 1, 2, 3, 2, 1, 0};
    static final int WIN = 1_000_000;

    static {
        long full = 0;
        for (int c = 0; c < W; c++) full |= ((1L << H) - 1) << (c * H1);
        FULL = full;
    }

    static long colMask(int c) { return ((1L << H) - 1) << (c * H1); }

    static boolean won(long b) {
        for (int s : new int[] {1, H1, H1 - 1, H1 + 1}) {
            long m = b & (b >>> s);
            if ((m & (m >>> (2 * s))) != 0) return true;
        }
        return false;
    }

    static final class OutOfNodes extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutOfNodes() { super(null, null, false, false); }
    }

    static final class Search {
        final int cw;
        final long limit;    // 0: none
        final long deadline; // System.nanoTime() deadline, 0: none (wall clock only)
        long nodes;

        Search(int cw, long limit, long deadline) {
            this.cw = cw;
            this.limit = limit;
            this.deadline = deadline;
        }

        int evaluate(long me, long mask) {
            if (cw == 0) return 0;
            long opp = mask ^ me;
            int s = 0;
            for (int c = 0; c < W; c++) {
                s += COLUMN_VALUE[c] * (Long.bitCount(me & colMask(c)) - Long.bitCount(opp & colMask(c)));
            }
            return s * cw;
        }

        int negamax(long me, long mask, int depth, int alpha, int beta) {
            if (limit > 0 && nodes >= limit) throw new OutOfNodes(); // this move's nodes are spent
            nodes++;
            if (deadline != 0 && (nodes & 255) == 0 && System.nanoTime() > deadline) throw new OutOfNodes();
            long opp = mask ^ me;
            if (won(opp)) return -WIN - depth; // the side that just moved has won
            if (mask == FULL) return 0;
            if (depth == 0) return evaluate(me, mask);
            int best = -2 * WIN;
            for (int c : ORDER) {
                long bottom = (mask + (1L << (c * H1))) & colMask(c);
                if (bottom == 0) continue;
                int v = -negamax(opp, mask | bottom, depth - 1, -beta, -alpha);
                if (v > best) best = v;
                if (v > alpha) alpha = v;
                if (alpha >= beta) break;
            }
            return best;
        }

        // root: iterative deepening; the move of the deepest completed depth.
        int[] root(long me, long mask, int maxDepth) {
            List<Integer> legal = new ArrayList<>();
            for (int c : ORDER) if ((mask & (1L << (c * H1 + H - 1))) == 0) legal.add(c);
            int best = legal.get(0), done = 0;
            for (int depth = 1; depth <= maxDepth; depth++) {
                try {
                    int alpha = -2 * WIN, beta = 2 * WIN;
                    int itBest = legal.get(0), itVal = -2 * WIN;
                    for (int c : legal) {
                        long bottom = (mask + (1L << (c * H1))) & colMask(c);
                        int v = -negamax(mask ^ me, mask | bottom, depth - 1, -beta, -alpha);
                        if (v > itVal) { itBest = c; itVal = v; }
                        if (v > alpha) alpha = v;
                    }
                    best = itBest;
                    done = depth;
                    if (Math.abs(itVal) >= WIN) break; // a forced result: deeper changes nothing
                } catch (OutOfNodes e) {
                    break;
                }
            }
            return new int[] {best, done};
        }
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, "UTF-8");
        int centerWeight = 3;
        double timeShare = 0.3;
        String line;
        while ((line = in.readLine()) != null) {
            Map<String, Object> msg = Json.object(line);
            String type = (String) msg.get("type");
            if ("hello".equals(type)) {
                out.println("{\"type\":\"hello\",\"protocol\":\"tourney/2\",\"clock\":\"nodes\",\"name\":\"JsonlC4Nodes.java\",\"params\":["
                        + "{\"name\":\"center_weight\",\"type\":\"int\",\"default\":3,\"min\":0,\"max\":10,\"doc\":\"value of a stone by its column (0: only wins count)\"},"
                        + "{\"name\":\"time_share\",\"type\":\"float\",\"default\":0.3,\"min\":0.05,\"max\":1.0,\"doc\":\"share of the clock's balance one move may spend\"}]}");
                out.flush();
            } else if ("newgame".equals(type)) {
                Map<?, ?> p = (Map<?, ?>) msg.get("params");
                centerWeight = p != null && p.get("center_weight") != null ? ((Number) p.get("center_weight")).intValue() : 3;
                timeShare = p != null && p.get("time_share") != null ? ((Number) p.get("time_share")).doubleValue() : 0.3;
            } else if ("turn".equals(type)) {
                Map<?, ?> budget = (Map<?, ?>) msg.get("budget");
                Map<?, ?> clock = (Map<?, ?>) msg.get("clock");
                long limit = 0, deadline = 0;
                int maxDepth = 42;
                if (clock != null && "nodes".equals(clock.get("kind"))) {
                    limit = Math.max((long) (((Number) clock.get("left_nodes")).longValue() * timeShare), 1);
                } else if (clock != null || (budget != null && ((Number) budget.get("time_ms")).longValue() > 0)) { // the wall clock
                    double ms = ((Number) (clock != null ? clock.get("left_ms") : budget.get("time_ms"))).doubleValue();
                    deadline = System.nanoTime() + (long) (ms * timeShare * 1e6);
                } else if (budget != null && ((Number) budget.get("nodes")).longValue() > 0) {
                    limit = ((Number) budget.get("nodes")).longValue();
                } else if (budget != null && ((Number) budget.get("depth")).intValue() > 0) {
                    maxDepth = ((Number) budget.get("depth")).intValue();
                } else {
                    maxDepth = 8;
                }
                Map<?, ?> state = (Map<?, ?>) msg.get("state");
                List<?> rows = (List<?>) state.get("rows");
                char mine = (char) ('0' + ((Number) state.get("to_move")).intValue());
                long me = 0, mask = 0;
                for (int r = 0; r < H; r++) {
                    String row = (String) rows.get(H - 1 - r); // rows come from the top down
                    for (int c = 0; c < W; c++) {
                        char ch = row.charAt(c);
                        if (ch == '.') continue;
                        long bit = 1L << (c * H1 + r);
                        mask |= bit;
                        if (ch == mine) me |= bit;
                    }
                }
                Search s = new Search(centerWeight, limit, deadline);
                int[] res = s.root(me, mask, maxDepth);
                // nodes: the positions this move's search visited (never more than the limit)
                out.println("{\"type\":\"action\",\"id\":" + Json.quote((String) msg.get("id")) + ",\"action\":\"" + res[0]
                        + "\",\"info\":{\"nodes\":" + s.nodes + ",\"depth\":" + res[1] + "}}");
                out.flush();
            } else if ("quit".equals(type)) {
                return;
            }
        }
    }

    // Json reads the JSON values of tourney's messages: objects (as maps),
    // arrays (lists), strings, numbers (Long or Double), true, false, null.
    static final class Json {
        private final String s;
        private int i;

        private Json(String s) { this.s = s; }

        @SuppressWarnings("unchecked")
        static Map<String, Object> object(String line) {
            return (Map<String, Object>) new Json(line).value();
        }

        static String quote(String v) {
            if (v == null) return "null";
            StringBuilder b = new StringBuilder("\"");
            for (char c : v.toCharArray()) {
                if (c == '"' || c == '\\') b.append('\\').append(c);
                else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                else b.append(c);
            }
            return b.append('"').toString();
        }

        private void ws() { while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++; }

        private Object value() {
            ws();
            char c = s.charAt(i);
            if (c == '{') {
                Map<String, Object> m = new LinkedHashMap<>();
                i++;
                ws();
                if (s.charAt(i) == '}') { i++; return m; }
                while (true) {
                    ws();
                    String k = string();
                    ws();
                    i++; // ':'
                    m.put(k, value());
                    ws();
                    if (s.charAt(i++) == '}') return m; // else ','
                }
            }
            if (c == '[') {
                List<Object> l = new ArrayList<>();
                i++;
                ws();
                if (s.charAt(i) == ']') { i++; return l; }
                while (true) {
                    l.add(value());
                    ws();
                    if (s.charAt(i++) == ']') return l; // else ','
                }
            }
            if (c == '"') return string();
            if (s.startsWith("true", i)) { i += 4; return Boolean.TRUE; }
            if (s.startsWith("false", i)) { i += 5; return Boolean.FALSE; }
            if (s.startsWith("null", i)) { i += 4; return null; }
            int j = i;
            while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) i++;
            String num = s.substring(j, i);
            if (num.contains(".") || num.contains("e") || num.contains("E")) return Double.parseDouble(num);
            return Long.parseLong(num);
        }

        private String string() {
            StringBuilder b = new StringBuilder();
            i++; // '"'
            while (true) {
                char c = s.charAt(i++);
                if (c == '"') return b.toString();
                if (c != '\\') { b.append(c); continue; }
                char e = s.charAt(i++);
                switch (e) {
                    case 'n': b.append('\n'); break;
                    case 't': b.append('\t'); break;
                    case 'r': b.append('\r'); break;
                    case 'b': b.append('\b'); break;
                    case 'f': b.append('\f'); break;
                    case 'u': b.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; break;
                    default: b.append(e);
                }
            }
        }
    }
}
