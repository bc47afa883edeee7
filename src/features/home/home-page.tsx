/**
 * The home page (docs/product.md#what-it-does-and-for-whom "Home page content"): hero with the claims, then function introduction,
 * distribution, safety, seller feedback, partners, welfare pack and the scan-to-add block, in that order.
 * Everything renders on the server; only the feature tabs and the video player react after hydration.
 */
import { DistributionSection } from './distribution-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import * as styles from './home.css';
import { PartnersSection } from './partners-section';
import { SafetySection } from './safety-section';
import { ScanSection } from './scan-section';
import { TestimonialsSection } from './testimonials-section';
import { WelfareSection } from './welfare-section';

export function HomePage() {
  return (
    <main className={styles.page}>
      <HeroSection />
      <FeaturesSection />
      <DistributionSection />
      <SafetySection />
      <TestimonialsSection />
      <PartnersSection />
      <WelfareSection />
      <ScanSection />
    </main>
  );
}
