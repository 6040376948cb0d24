#if canImport(SwiftUI)
import HnefiModel
import SwiftUI
import TaflCore

/// Finished games, newest first; a tap opens the review.
@MainActor
struct HistoryView: View {
    let model: GameModel

    var body: some View {
        let t = model.texts
        List {
            if model.state.historyLoaded && model.state.history.isEmpty {
                Text(t[.historyNone])
            }
            ForEach(model.state.history) { row in
                Button {
                    model.send(.openReview(row.id))
                } label: {
                    HistoryRowView(texts: row.texts)
                }
            }
        }
    }
}

/// One finished game: what, when, against whom, how it ended, how long, hints.
@MainActor
struct HistoryRowView: View {
    let texts: HistoryTexts

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            HStack {
                Text(texts.game).font(.headline)
                Spacer()
                Text(texts.date).font(.footnote)
            }
            HStack {
                Text(texts.opponent)
                if let side = texts.side { Text(side) }
            }
            .font(.subheadline)
            HStack {
                Text(texts.result).font(.subheadline.weight(.semibold))
                Text(texts.length).font(.subheadline)
                Spacer()
                if let hints = texts.hints { Text(hints).font(.footnote) }
            }
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(texts.label)
    }
}

/// A game under review: the board at any ply (buttons and swipes step through it), the
/// engine's chart of the defenders' chances filling in as it is computed, the biggest swings
/// with the better move, the moves, and sharing the game as text.
@MainActor
struct ReviewView: View {
    let model: GameModel
    let look: Look

    var body: some View {
        let t = model.texts
        if let review = model.state.review {
            ScrollView {
                VStack(alignment: .leading, spacing: 12) {
                    Text(review.frame.positionText).font(.headline)
                    BoardView(board: review.board, event: nil, look: look, showThreats: false,
                              label: review.frame.positionText, send: nil)
                        .frame(maxWidth: 560)
                        .gesture(DragGesture(minimumDistance: 24).onEnded { value in
                            if let step = ReviewSwipe.step(dx: Double(value.translation.width),
                                                           dy: Double(value.translation.height)) {
                                model.send(.reviewStep(step))
                            }
                        })
                    stepper(review)
                    frameTexts(review)
                    analysis(review)
                    swings(review)
                    moves(review)
                    ShareLink(item: review.otn) {
                        Text(t[.actionShare])
                    }
                }
                .padding()
            }
            .background(Color(argb: look.chrome.background))
        }
    }

    private func stepper(_ review: ReviewUi) -> some View {
        let t = model.texts
        return HStack {
            stepButton(.first, icon: Image(systemName: "backward.end.fill"), label: t[.reviewFirst], enabled: review.canGoBack)
            stepButton(.previous, icon: Image(systemName: "chevron.backward"), label: t[.reviewPrevious], enabled: review.canGoBack)
            stepButton(.next, icon: Image(systemName: "chevron.forward"), label: t[.reviewNext], enabled: review.canGoForward)
            stepButton(.last, icon: Image(systemName: "forward.end.fill"), label: t[.reviewLast], enabled: review.canGoForward)
        }
        .frame(maxWidth: .infinity)
    }

    private func stepButton(_ step: ReviewStep, icon: Image, label: String, enabled: Bool) -> some View {
        Button {
            model.send(.reviewStep(step))
        } label: {
            icon
                .frame(minWidth: 44, minHeight: 44)
        }
        .disabled(!enabled)
        .accessibilityLabel(label)
        .frame(maxWidth: .infinity)
    }

    /// The shown move in words, how its captures happened, and the result on the last frame.
    private func frameTexts(_ review: ReviewUi) -> some View {
        VStack(alignment: .leading, spacing: 4) {
            if let last = review.frame.lastMoveText { Text(last).font(.body) }
            ForEach(review.frame.captures, id: \.self) { Text($0).font(.callout) }
            if let result = review.frame.resultText { Text(result).font(.headline) }
        }
    }

    private func analysis(_ review: ReviewUi) -> some View {
        let t = model.texts
        return VStack(alignment: .leading, spacing: 6) {
            ChartView(review: review, look: look, label: t[.reviewChart]) { model.send(.reviewGoTo(ply: $0)) }
            if review.analysing {
                HStack {
                    ProgressView(value: review.progress)
                    Button(t[.reviewCancelAnalysis]) { model.send(.cancelAnalysis) }
                }
                if let progress = review.progressText { Text(progress).font(.footnote) }
            } else if !review.analysisComplete {
                Button(t[.reviewAnalyse]) { model.send(.analyse) }
            }
        }
    }

    private func swings(_ review: ReviewUi) -> some View {
        let t = model.texts
        return VStack(alignment: .leading, spacing: 6) {
            if review.analysisComplete {
                Text(t[.reviewMistakes]).font(.headline)
                if review.swings.isEmpty {
                    Text(t[.reviewNoMistakes]).font(.callout)
                }
                ForEach(review.swings) { swing in
                    Button {
                        model.send(.reviewGoTo(ply: swing.ply))
                    } label: {
                        Text(swing.text)
                            .font(.callout)
                            .multilineTextAlignment(.leading)
                            .foregroundStyle(Color(argb: look.chrome.chartMistake))
                    }
                }
            }
        }
    }

    /// Every move, the one shown highlighted, the biggest swings marked with their words.
    private func moves(_ review: ReviewUi) -> some View {
        VStack(alignment: .leading, spacing: 2) {
            ForEach(review.moves) { move in
                Button {
                    model.send(.reviewGoTo(ply: move.ply))
                } label: {
                    VStack(alignment: .leading, spacing: 0) {
                        Text(verbatim: "\(move.ply). \(move.notation)")
                            .font(move.ply == review.ply ? .body.weight(.bold) : .body)
                        if let swing = move.swing {
                            Text(swing)
                                .font(.footnote)
                                .foregroundStyle(Color(argb: look.chrome.chartMistake))
                        }
                    }
                }
                .accessibilityAddTraits(move.ply == review.ply ? .isSelected : [])
            }
        }
    }
}

/// The chart of the defenders' chances along the game, drawn by ChartPainter; a tap on it
/// shows the position under the finger.
@MainActor
struct ChartView: View {
    let review: ReviewUi
    let look: Look
    let label: String
    let goTo: @MainActor (Int) -> Void

    static let height: Double = 120

    var body: some View {
        GeometryReader { geo in
            Canvas { gc, size in
                let painter = ChartPainter(chrome: look.chrome)
                gc.draw(painter.paint(chances: review.chances, swings: review.swings.map(\.ply), current: review.ply,
                                      width: Double(size.width), height: Double(size.height)))
            }
            .contentShape(Rectangle())
            .gesture(DragGesture(minimumDistance: 0).onEnded { value in
                let width = Double(geo.size.width)
                guard width > 0, review.chances.count > 1 else { return }
                let fraction = min(max(Double(value.location.x) / width, 0), 1)
                goTo(Int((fraction * Double(review.chances.count - 1)).rounded()))
            })
        }
        .frame(height: ChartView.height)
        .background(Color(argb: look.chrome.surfaceVariant))
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(label)
        .accessibilityValue(review.chartValue ?? review.progressText ?? "")
    }
}

/// A game pasted as text, to review it; nothing is stored.
@MainActor
struct ImportView: View {
    @Bindable var model: GameModel
    let look: Look

    var body: some View {
        let t = model.texts
        Form {
            Section(t[.importPaste]) {
                TextEditor(text: $model.importText)
                    .font(.body.monospaced())
                    .frame(minHeight: 180)
            }
            if let error = model.state.importError {
                Text(error)
                    .foregroundStyle(Color(argb: look.chrome.error))
            }
            Button(t[.importButton]) { model.send(.importGame) }
                .font(.headline)
        }
    }
}
#endif
