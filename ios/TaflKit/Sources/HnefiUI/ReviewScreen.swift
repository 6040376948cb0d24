#if canImport(SwiftUI)
import HnefiModel
import SwiftUI
import TaflCore

/// A finished or imported game: the board at the position under review, the steps, the chart
/// of the engine's judgement, the analysis, each side's verdicts counted, the errors (each opens
/// its position) and the moves; the verdict of the position's move under it. One scroll view:
/// nothing in it takes a drag, so scrolling stays the scroll view's. A step moves nothing but
/// the move list's own row, which brings the position's move into view (as on Android): the
/// board and the steps stay where the finger is.
struct ReviewScreen: View {
    let review: ReviewView
    let look: Look
    let motionStart: Date?
    let send: Send

    var body: some View {
        VStack(spacing: 0) {
            TitleBar(title: review.title, back: review.back, trailing: review.share, send: send)
            ScrollView {
                VStack(alignment: .leading, spacing: 12) {
                    BoardPanel(board: review.board, look: look, motionStart: motionStart, send: send)
                        .equatable().frame(maxWidth: 560)
                    Text(review.position).font(.headline)
                    if let last = review.lastMove { Text(last) }
                    ForEach(review.captures, id: \.self) { Text($0) }
                    if let result = review.result { Text(result).fontWeight(.bold) }
                    if let verdict = review.verdict { Text(verdict).fontWeight(.medium) }
                    ButtonRow(buttons: review.steps, send: send)
                    Text(review.chart.title).font(.headline)
                    ChartPanel(chart: review.chart, send: send)
                    if let value = review.chart.value { Text(value) }
                    HStack {
                        if let text = review.analysis.text { Text(text).frame(maxWidth: .infinity, alignment: .leading) }
                        if let progress = review.analysis.progress { ProgressView(value: progress) }
                        FrameButton(button: review.analysis.button, send: send)
                    }
                    ForEach(review.summary, id: \.self) { Text($0) }
                    Text(review.errorsTitle).font(.headline).accessibilityAddTraits(.isHeader)
                    ForEach(review.errors, id: \.id) { FrameButton(button: $0, send: send, wide: true) }
                    MovesPanel(moves: review.moves, look: look, send: send).equatable()
                }
                .padding()
            }
        }
    }
}
#endif
