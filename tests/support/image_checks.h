#pragma once
// Checks on rendered pictures shared by the screenshot tests: a blank or
// one-colour image means nothing was drawn.

#include <QImage>

#include <set>

namespace cf::test {

// Distinct colours on a grid of every third pixel.
inline int colourCount(const QImage& image)
{
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            colours.insert(image.pixel(x, y));
    return int(colours.size());
}

} // namespace cf::test
