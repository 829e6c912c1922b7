export { seedDemoNavigation } from './navigation.demo.ts';
