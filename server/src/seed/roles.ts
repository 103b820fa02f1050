/** What each job category looks like: realistic titles, duties, skills and a salary level. */
import type { CategoryValue } from '@nordlys/sdk/constants';

export interface Role {
  titles: readonly string[];
  /** The title of an internship in this category. */
  intern: string;
  /** The title of a co-founder position in this category. */
  cofounder: string;
  /** Categories a job of this one often also carries. */
  related: readonly CategoryValue[];
  /** "What you will do" items. */
  duties: readonly string[];
  /** "What we are looking for" items. */
  skills: readonly string[];
  /** A mid-level yearly salary in EUR before the country's level is applied. */
  salary: number;
}

export const ROLES: Record<CategoryValue, Role> = {
  backend: {
    titles: ['Backend Engineer', 'Senior Backend Engineer (Go)', 'Backend Developer (Node.js)', 'Senior Backend Engineer (Kotlin)', 'Python Backend Developer', 'Staff Backend Engineer', 'Backend Engineer (Elixir)', 'Junior Backend Developer (Java)'],
    intern: 'Backend Engineering Intern',
    cofounder: 'Technical Co-founder (Backend)',
    related: ['fullstack', 'devops', 'engineer'],
    duties: ['Design and build the APIs behind our product', 'Own services from the first sketch to production', 'Model data in PostgreSQL and keep queries fast', 'Take part in code reviews and our on-call rotation', 'Work with product and design on what we build next'],
    skills: ['Experience building backend services in a modern language', 'A good grasp of SQL databases and API design', 'Care for tests, monitoring and readable code', 'Curiosity about the domain our customers work in'],
    salary: 68_000,
  },
  frontend: {
    titles: ['Frontend Engineer (React)', 'Senior Frontend Developer', 'Frontend Developer (Vue.js)', 'Lead Frontend Engineer', 'Frontend Engineer (TypeScript)', 'Junior Frontend Developer'],
    intern: 'Frontend Developer Intern',
    cofounder: 'Technical Co-founder (Frontend)',
    related: ['fullstack', 'ux-ui-designer'],
    duties: ['Build fast and accessible interfaces in TypeScript', 'Turn designs into components of our design system', 'Measure and improve performance on real devices', 'Pair with designers on interactions and details'],
    skills: ['Solid experience with React, Vue or a similar framework', 'A good eye for design and accessibility', 'Comfort with TypeScript, CSS and browser tooling', 'Care for the people who use what you build'],
    salary: 62_000,
  },
  fullstack: {
    titles: ['Full-stack Developer', 'Senior Full-stack Engineer (TypeScript)', 'Full-stack Engineer (Ruby on Rails)', 'Full-stack Developer (Python/React)', 'Lead Full-stack Engineer'],
    intern: 'Software Engineering Intern',
    cofounder: 'Technical Co-founder',
    related: ['frontend', 'backend'],
    duties: ['Ship features end to end, from database to interface', 'Talk to customers to understand their problems', 'Improve our deploy pipeline and developer experience', 'Help shape our architecture as we grow'],
    skills: ['Experience on both sides of a web application', 'Pragmatism: you know when good enough is good enough', 'Experience with cloud platforms and CI', 'Clear written communication'],
    salary: 65_000,
  },
  devops: {
    titles: ['DevOps Engineer', 'Site Reliability Engineer', 'Platform Engineer (Kubernetes)', 'Senior Cloud Engineer (AWS)', 'Infrastructure Engineer'],
    intern: 'DevOps Intern',
    cofounder: 'Technical Co-founder (Infrastructure)',
    related: ['backend'],
    duties: ['Run and automate our cloud infrastructure', 'Build the platform our developers deploy to', 'Own monitoring, alerting and incident reviews', 'Keep us secure and cost-effective'],
    skills: ['Experience with Kubernetes, Terraform or similar tools', 'Solid Linux and networking knowledge', 'A calm head when things break', 'Interest in developer productivity'],
    salary: 70_000,
  },
  mobile: {
    titles: ['iOS Developer (Swift)', 'Android Developer (Kotlin)', 'React Native Developer', 'Senior Mobile Engineer', 'Flutter Developer'],
    intern: 'Mobile Developer Intern',
    cofounder: 'Technical Co-founder (Mobile)',
    related: ['frontend'],
    duties: ['Build and release our apps for iOS and Android', 'Work closely with design on smooth interactions', 'Keep crash rates low and app store ratings high', 'Contribute to our shared mobile architecture'],
    skills: ['Apps in the App Store or on Google Play', 'Experience with Swift, Kotlin, React Native or Flutter', 'An eye for detail and performance', 'Experience with automated testing of apps'],
    salary: 64_000,
  },
  'business-development': {
    titles: ['Business Developer', 'Partnerships Manager', 'Head of Business Development', 'Business Development Representative', 'Strategic Partnerships Lead'],
    intern: 'Business Development Intern',
    cofounder: 'Commercial Co-founder',
    related: ['sales', 'analyst'],
    duties: ['Find and close new partnerships across the Nordics', 'Build relationships with key decision makers', 'Shape our go-to-market in new countries', 'Bring market insight back to the product team'],
    skills: ['Experience in B2B business development or consulting', 'A strong network in the industry is a plus', 'Fluent English and a Nordic language', 'Structured and persistent'],
    salary: 60_000,
  },
  operations: {
    titles: ['Operations Manager', 'Head of Operations', 'Operations Associate', 'Supply Chain Coordinator', 'Office & Operations Manager'],
    intern: 'Operations Intern',
    cofounder: 'Co-founder & COO',
    related: ['project-management', 'analyst'],
    duties: ['Design the processes that let us scale', 'Coordinate suppliers, logistics and internal tools', 'Track the numbers that matter and act on them', 'Solve whatever problem lands on your desk'],
    skills: ['Experience in operations, consulting or a fast-growing startup', 'Strong spreadsheet skills', 'A hands-on attitude', 'Great at bringing people together'],
    salary: 55_000,
  },
  'customer-success': {
    titles: ['Customer Success Manager', 'Customer Support Specialist', 'Head of Customer Success', 'Onboarding Specialist', 'Customer Experience Lead'],
    intern: 'Customer Success Intern',
    cofounder: 'Co-founder (Customer)',
    related: ['sales', 'operations'],
    duties: ['Onboard new customers and make them successful', 'Be the voice of the customer in the team', 'Reduce churn and find expansion opportunities', 'Write help articles and improve our support flows'],
    skills: ['Experience in customer success or support', 'Empathy and clear communication', 'Fluent English, plus a Nordic language', 'Comfort with SaaS tools and data'],
    salary: 48_000,
  },
  design: {
    titles: ['Product Designer', 'Senior Product Designer', 'Brand Designer', 'Graphic Designer', 'Motion Designer'],
    intern: 'Design Intern',
    cofounder: 'Design Co-founder',
    related: ['ux-ui-designer', 'marketing'],
    duties: ['Design our product from research to pixel-perfect screens', 'Shape and maintain our design system', 'Test ideas with users early and often', 'Work side by side with engineers'],
    skills: ['A portfolio that shows your process', 'Mastery of Figma or similar tools', 'Experience with user research', 'Good taste and strong opinions, loosely held'],
    salary: 56_000,
  },
  marketing: {
    titles: ['Head of Growth', 'Growth Marketer', 'Content Marketing Manager', 'Performance Marketing Specialist', 'Marketing Manager (Nordics)', 'SEO Specialist', 'Community Manager'],
    intern: 'Marketing Intern',
    cofounder: 'Co-founder & CMO',
    related: ['sales', 'design'],
    duties: ['Own our growth channels and their numbers', 'Run experiments across paid, content and SEO', 'Tell our story in a voice people remember', 'Work with sales on campaigns and launches'],
    skills: ['Experience in growth or digital marketing', 'Data-driven, with a creative streak', 'Excellent writing in English', 'Experience with analytics and marketing tools'],
    salary: 54_000,
  },
  'project-management': {
    titles: ['Project Manager', 'Technical Project Manager', 'Scrum Master', 'Delivery Manager', 'Programme Manager'],
    intern: 'Project Management Intern',
    cofounder: 'Co-founder (Delivery)',
    related: ['operations', 'product-management'],
    duties: ['Plan and run projects with customers and partners', 'Keep scope, budget and deadlines in check', 'Remove blockers for the team', 'Report progress clearly to stakeholders'],
    skills: ['Experience leading projects with many stakeholders', 'Knowledge of agile methods', 'Structured, calm and proactive', 'Technical understanding is a plus'],
    salary: 58_000,
  },
  sales: {
    titles: ['Account Executive', 'Sales Development Representative', 'Head of Sales', 'Key Account Manager', 'Enterprise Account Executive', 'Inside Sales Representative'],
    intern: 'Sales Intern',
    cofounder: 'Commercial Co-founder',
    related: ['business-development', 'customer-success'],
    duties: ['Own the full sales cycle from first call to signed deal', 'Build pipeline in the Nordic market', 'Give product feedback from the field', 'Help build our sales playbook'],
    skills: ['A track record in B2B sales', 'Confidence with decision makers', 'Fluency in English and a Nordic language', 'Experience with a CRM'],
    salary: 55_000,
  },
  cxo: {
    titles: ['Chief Technology Officer', 'Chief Operating Officer', 'Chief Financial Officer', 'Chief Marketing Officer', 'VP of Engineering', 'Chief Product Officer'],
    intern: 'Founder Associate',
    cofounder: 'Co-founder & CTO',
    related: ['operations', 'finance'],
    duties: ['Join the leadership team and shape our strategy', 'Build and lead a team that can take us to the next stage', 'Work with the board and our investors', 'Set the culture by example'],
    skills: ['Leadership experience from a growing company', 'A track record of building teams', 'Comfort with ambiguity and high stakes', 'Strong communication with board and team'],
    salary: 110_000,
  },
  engineer: {
    titles: ['Embedded Software Engineer', 'Hardware Engineer', 'Mechanical Engineer', 'Electrical Engineer', 'Robotics Engineer', 'Battery Systems Engineer'],
    intern: 'Engineering Intern',
    cofounder: 'Co-founder (Hardware)',
    related: ['backend', 'qa'],
    duties: ['Design, build and test our hardware', 'Take prototypes to production with our suppliers', 'Work across mechanics, electronics and software', 'Document designs and test results'],
    skills: ['A degree in engineering or similar', 'Hands-on experience with prototypes', 'Experience with CAD, C or embedded systems', 'A practical, problem-solving mindset'],
    salary: 62_000,
  },
  finance: {
    titles: ['Finance Manager', 'Financial Controller', 'Accountant', 'FP&A Analyst', 'Head of Finance'],
    intern: 'Finance Intern',
    cofounder: 'Co-founder & CFO',
    related: ['analyst', 'operations'],
    duties: ['Own bookkeeping, reporting and month-end close', 'Build budgets and forecasts with the leadership team', 'Prepare board and investor reporting', 'Improve our finance tooling and processes'],
    skills: ['A degree in finance or accounting', 'Experience from audit or a scale-up', 'Excellent Excel or Google Sheets skills', 'Accuracy and a sense of humour'],
    salary: 62_000,
  },
  hr: {
    titles: ['Talent Acquisition Partner', 'People & Culture Manager', 'Head of People', 'HR Generalist', 'Technical Recruiter'],
    intern: 'People & Culture Intern',
    cofounder: 'Co-founder (People)',
    related: ['operations'],
    duties: ['Hire the people who will build our company', 'Run onboarding, reviews and people processes', 'Shape our culture as we grow', 'Advise managers on everything people-related'],
    skills: ['Experience in recruitment or HR at a growing company', 'Knowledge of Nordic employment practices', 'Warmth and discretion', 'Good with data and HR tools'],
    salary: 52_000,
  },
  'data-science': {
    titles: ['Data Scientist', 'Machine Learning Engineer', 'Data Engineer', 'Senior Data Scientist (NLP)', 'Analytics Engineer', 'MLOps Engineer'],
    intern: 'Data Science Intern',
    cofounder: 'Technical Co-founder (AI)',
    related: ['analyst', 'backend'],
    duties: ['Build models that make it into production', 'Own data pipelines and their quality', 'Design experiments and measure their impact', 'Explain results to people without a maths degree'],
    skills: ['Strong Python and SQL', 'Experience with machine learning in production', 'A solid grounding in statistics', 'Curiosity and scientific rigour'],
    salary: 70_000,
  },
  legal: {
    titles: ['Legal Counsel', 'General Counsel', 'Compliance Officer', 'Privacy & Data Protection Lead', 'Paralegal'],
    intern: 'Legal Intern',
    cofounder: 'Co-founder (Legal)',
    related: ['finance', 'operations'],
    duties: ['Draft and negotiate commercial agreements', 'Own GDPR and regulatory compliance', 'Advise the team on legal questions', 'Work with external counsel when needed'],
    skills: ['A law degree and a few years of practice', 'Experience with technology or commercial law', 'Pragmatic advice that helps the business move', 'Fluent English'],
    salary: 68_000,
  },
  analyst: {
    titles: ['Business Analyst', 'Data Analyst', 'Product Analyst', 'Investment Analyst', 'Pricing Analyst'],
    intern: 'Analyst Intern',
    cofounder: 'Co-founder (Analytics)',
    related: ['data-science', 'finance'],
    duties: ['Turn data into decisions for the whole company', 'Build dashboards that people actually use', 'Dig into questions about customers and growth', 'Present insights to the leadership team'],
    skills: ['Strong SQL and spreadsheet skills', 'Experience with a BI tool', 'A structured, curious mind', 'Clear communication of numbers'],
    salary: 56_000,
  },
  'product-management': {
    titles: ['Product Manager', 'Senior Product Manager', 'Head of Product', 'Product Owner', 'Technical Product Manager'],
    intern: 'Product Management Intern',
    cofounder: 'Co-founder & CPO',
    related: ['project-management', 'ux-ui-designer'],
    duties: ['Own the roadmap of a product area', 'Talk to customers every week', 'Work with design and engineering on what to build and why', 'Measure outcomes, not output'],
    skills: ['Experience as a product manager in a digital product', 'Comfort with data and experiments', 'Great communication and prioritisation', 'Technical understanding'],
    salary: 70_000,
  },
  qa: {
    titles: ['QA Engineer', 'Test Automation Engineer', 'Senior QA Engineer', 'Quality Assurance Specialist'],
    intern: 'QA Intern',
    cofounder: 'Co-founder (Quality)',
    related: ['backend', 'frontend'],
    duties: ['Build and maintain our automated test suites', 'Test new features with an eye for edge cases', 'Improve our release process', 'Champion quality across the team'],
    skills: ['Experience with test automation frameworks', 'Some programming experience', 'A systematic, curious mind', 'Clear bug reports'],
    salary: 55_000,
  },
  'ux-ui-designer': {
    titles: ['UX/UI Designer', 'UX Researcher', 'UI Designer', 'Senior UX Designer', 'Interaction Designer'],
    intern: 'UX Design Intern',
    cofounder: 'Design Co-founder',
    related: ['design', 'frontend'],
    duties: ['Research what our users need', 'Design flows, prototypes and interfaces', 'Run usability tests and share findings', 'Keep our product simple as it grows'],
    skills: ['A portfolio of UX and UI work', 'Experience with Figma and prototyping', 'Knowledge of accessibility', 'Strong collaboration skills'],
    salary: 56_000,
  },
  other: {
    titles: ['Student Assistant', 'Office Manager', 'Executive Assistant', 'Warehouse Associate', 'Community Host', 'Founding Team Member'],
    intern: 'Student Intern',
    cofounder: 'Co-founder',
    related: ['operations'],
    duties: ['Help the team with whatever needs doing', 'Keep our office and events running', 'Support founders with planning and admin', 'Bring energy and ideas to the team'],
    skills: ['A can-do attitude', 'Good organisational skills', 'Fluent English; a Nordic language is a plus', 'Flexibility and a sense of humour'],
    salary: 40_000,
  },
};

/**
 * How a title's seniority moves the salary.
 * @example seniorityFactor('Senior Backend Engineer (Go)') // 1.25
 */
export function seniorityFactor(title: string): number {
  if (/\b(Chief|VP|CFO|CTO|COO|CPO|CMO|General Counsel)\b/.test(title)) return 1.5;
  if (/\b(Head|Staff|Lead|Principal)\b/.test(title)) return 1.35;
  if (/\bSenior\b/.test(title)) return 1.25;
  if (/\b(Junior|Assistant|Associate|Representative)\b/.test(title)) return 0.8;
  if (/\b(Intern|Student)\b/.test(title)) return 0.45;
  return 1;
}
